import { Fragment } from 'react';
import type { AccountPosition } from '@shared/contracts/broker-trading';
import { formatMoney } from '@/lib/format/money';
import { pnlClassOf, totalPnlOf } from '../pnl-format';
import '../pnl.css';

interface PnlBar {
  key: string;
  label: string;
  amount: number;
  isTotal?: boolean;
}

/** Bar width in the SVG's own units; the SVG stretches to its column, so the bars keep their proportions. */
const SPAN = 200;
const HALF = SPAN / 2;

/**
 * Today's P&L per position and in total, as bars from a zero line in the middle: right and green for
 * profit, left and red for loss, all on one scale (the largest amount, total included, reaches the edge),
 * so bar lengths compare honestly. The amounts are written beside the bars.
 */
/** What the chart reads of a position: an account's row or a group's net row. */
export type PnlChartRow = Pick<AccountPosition, 'trading_symbol' | 'product' | 'realised_pnl' | 'unrealised_pnl'>;

export function PnlChart({ positions, total }: { positions: readonly PnlChartRow[]; total: number }) {
  const bars: PnlBar[] = [
    ...positions.map((position) => ({
      key: `${position.trading_symbol}-${position.product}`,
      label: `${position.trading_symbol} · ${position.product}`,
      amount: totalPnlOf(position),
    })),
    { key: 'total', label: 'Total', amount: total, isTotal: true },
  ];
  const largest = Math.max(...bars.map((bar) => Math.abs(bar.amount)), 0) || 1;

  return (
    <figure className="pnl-chart" aria-label="Profit and loss by position">
      {bars.map((bar) => {
        const length = (Math.abs(bar.amount) / largest) * HALF;
        return (
          <Fragment key={bar.key}>
            {bar.isTotal ? <span className="pnl-chart__rule" aria-hidden="true" /> : null}
            <div className={`pnl-chart__row${bar.isTotal ? ' pnl-chart__row--total' : ''}`} data-pnl={bar.amount}>
              <span className="pnl-chart__label" title={bar.label}>
                {bar.label}
              </span>
              <svg className="pnl-chart__bar" viewBox={`0 0 ${SPAN} 10`} preserveAspectRatio="none" aria-hidden="true">
                <line x1={HALF} x2={HALF} y1={0} y2={10} className="pnl-chart__zero" />
                <rect x={bar.amount < 0 ? HALF - length : HALF} y={1} width={length} height={8} className={pnlClassOf(bar.amount)} />
              </svg>
              <span className={`pnl-chart__amount ${pnlClassOf(bar.amount)}`}>{formatMoney(bar.amount)}</span>
            </div>
          </Fragment>
        );
      })}
      <figcaption className="pnl-chart__caption">Today's P&amp;L (booked + open) per position; bars share one scale from the zero line.</figcaption>
    </figure>
  );
}
