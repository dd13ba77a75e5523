import { formatCount } from '@/lib/format/number';
import type { StatusStyle } from '../status-tables';

export interface StatusBar {
  key: string;
  count: number;
  style: StatusStyle;
}

const ROW_HEIGHT = 28;
const BAR_HEIGHT = 16;
const LABEL_WIDTH = 96;
const COUNT_WIDTH = 44;
const CHART_WIDTH = 320;
const BAR_SPACE = CHART_WIDTH - LABEL_WIDTH - COUNT_WIDTH;

/** Horizontal bars, one per status, scaled to the largest count; the figures are written beside them. */
export function StatusBarChart({ title, bars }: { title: string; bars: readonly StatusBar[] }) {
  const largest = Math.max(1, ...bars.map((bar) => bar.count));
  const summary = bars.map((bar) => `${bar.style.label} ${bar.count}`).join(', ');
  return (
    <svg
      className="status-bar-chart"
      viewBox={`0 0 ${CHART_WIDTH} ${bars.length * ROW_HEIGHT}`}
      role="img"
      aria-label={`${title}: ${summary}`}
    >
      {bars.map((bar, index) => {
        const y = index * ROW_HEIGHT;
        const width = bar.count === 0 ? 0 : Math.max(2, (bar.count / largest) * BAR_SPACE);
        return (
          <g key={bar.key} data-status={bar.key}>
            <text x={0} y={y + ROW_HEIGHT / 2} dominantBaseline="middle" className="status-bar-chart__label">
              {bar.style.label}
            </text>
            <rect x={LABEL_WIDTH} y={y + (ROW_HEIGHT - BAR_HEIGHT) / 2} width={BAR_SPACE} height={BAR_HEIGHT} rx={3} className="status-bar-chart__track" />
            <rect x={LABEL_WIDTH} y={y + (ROW_HEIGHT - BAR_HEIGHT) / 2} width={width} height={BAR_HEIGHT} rx={3} fill={bar.style.color} />
            <text x={CHART_WIDTH} y={y + ROW_HEIGHT / 2} dominantBaseline="middle" textAnchor="end" className="status-bar-chart__count">
              {formatCount(bar.count)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
