import { AreaSeries, BaselineSeries, ColorType, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';

/** One point of a line over time: seconds since the epoch, and the value then. */
export interface TimePoint {
  readonly time: number;
  readonly value: number;
}

/**
 * A value over time (lightweight-charts). `profit-loss` is green above zero and red below (a P&L line);
 * `level` is one accent-coloured area (a balance). The only file of the SPA's generic pieces that
 * imports the library: callers load it with `lazy(() => import(...))`, so the library stays out of the
 * first page's JavaScript.
 */
export type TimeLineTone = 'profit-loss' | 'level';

function themeColour(variable: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  return value || fallback;
}

type LineSeries = ISeriesApi<'Baseline'> | ISeriesApi<'Area'>;

function addSeries(chart: IChartApi, tone: TimeLineTone): LineSeries {
  if (tone === 'level') {
    return chart.addSeries(AreaSeries, {
      lineColor: themeColour('--amplify-colors-brand-primary-60', '#4fa3d1'),
      topColor: 'rgba(79, 163, 209, 0.3)',
      bottomColor: 'rgba(79, 163, 209, 0.04)',
      lineWidth: 2,
    });
  }
  return chart.addSeries(BaselineSeries, {
    baseValue: { type: 'price', price: 0 },
    topLineColor: themeColour('--amplify-colors-green-60', '#2f9e5a'),
    topFillColor1: 'rgba(47, 158, 90, 0.3)',
    topFillColor2: 'rgba(47, 158, 90, 0.04)',
    bottomLineColor: themeColour('--amplify-colors-red-60', '#d64545'),
    bottomFillColor1: 'rgba(214, 69, 69, 0.04)',
    bottomFillColor2: 'rgba(214, 69, 69, 0.3)',
    lineWidth: 2,
  });
}

interface TimeLineChartProps {
  readonly points: readonly TimePoint[];
  /** What the chart shows, in words (its accessible name). */
  readonly label: string;
  readonly tone: TimeLineTone;
  readonly className: string;
}

export default function TimeLineChart({ points, label, tone, className }: TimeLineChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const parts = useRef<{ readonly chart: IChartApi; readonly series: LineSeries } | null>(null);

  useEffect(() => {
    if (!container.current) return undefined;
    const text = themeColour('--amplify-colors-font-secondary', '#a9b3bd');
    const grid = themeColour('--amplify-colors-border-tertiary', '#2e3740');
    const chart = createChart(container.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: text, attributionLogo: true },
      grid: { vertLines: { color: grid }, horzLines: { color: grid } },
      timeScale: { timeVisible: true, secondsVisible: false, borderColor: grid },
      rightPriceScale: { borderColor: grid },
    });
    parts.current = { chart, series: addSeries(chart, tone) };
    return () => {
      parts.current = null;
      chart.remove();
    };
  }, [tone]);

  useEffect(() => {
    const current = parts.current;
    if (!current) return;
    current.series.setData(points.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })));
    current.chart.timeScale().fitContent();
  }, [points]);

  return <div ref={container} className={className} role="img" aria-label={label} />;
}
