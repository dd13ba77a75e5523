import { Text } from '@aws-amplify/ui-react';
import { formatTime } from '@/lib/format/date-time';
import { formatMoney } from '@/lib/format/money';
import { pnlClassOf } from '@/entities/pnl/pnl-format';
import { trailPolyline, type PnlPoint } from '../pnl-trail';
import '@/entities/pnl/pnl.css';

const WIDTH = 300;
const HEIGHT = 60;

/**
 * The group's P&L over the polls since the page opened, as a line over a zero rule: where it has been,
 * not only where it is. The per-position bar chart (`PnlChart`) shows a moment, so it does not fit here.
 */
export function PnlTrendChart({ trail, label }: { trail: readonly PnlPoint[]; label: string }) {
  const first = trail[0];
  const last = trail.at(-1);
  if (!first || !last || trail.length < 2) {
    return (
      <Text variation="secondary" fontSize="small" className="pnl-trend pnl-trend--empty">
        The P&amp;L line draws itself while the page reads live prices.
      </Text>
    );
  }
  const { points, zeroY } = trailPolyline(trail, WIDTH, HEIGHT);
  return (
    <figure className="pnl-trend" aria-label={label} data-points={trail.length}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="pnl-trend__svg" aria-hidden="true">
        <line x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} className="pnl-trend__zero" />
        <polyline points={points} className={`pnl-trend__line ${pnlClassOf(last.pnl)}`} />
      </svg>
      <figcaption className="pnl-trend__caption">
        <span>{formatTime(first.at)}</span>
        <span className={pnlClassOf(last.pnl)}>{formatMoney(last.pnl)}</span>
        <span>{formatTime(last.at)}</span>
      </figcaption>
    </figure>
  );
}
