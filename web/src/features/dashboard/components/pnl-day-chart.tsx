import { BaselineSeries, ColorType, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { LinePoint } from '../pnl-line';

/**
 * Today's P&L line (lightweight-charts): green above zero, red below. This file is the only one of the
 * dashboard that imports the library, and it is loaded lazily, so the library stays out of the first
 * page's JavaScript.
 */
function themeColour(variable: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  return value || fallback;
}

interface ChartParts {
  readonly chart: IChartApi;
  readonly series: ISeriesApi<'Baseline'>;
}

export default function PnlDayChart({ points, label }: { points: readonly LinePoint[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const parts = useRef<ChartParts | null>(null);

  useEffect(() => {
    if (!container.current) return undefined;
    const text = themeColour('--amplify-colors-font-secondary', '#a9b3bd');
    const grid = themeColour('--amplify-colors-border-tertiary', '#2e3740');
    const profit = themeColour('--amplify-colors-green-60', '#2f9e5a');
    const loss = themeColour('--amplify-colors-red-60', '#d64545');
    const chart = createChart(container.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: text, attributionLogo: true },
      grid: { vertLines: { color: grid }, horzLines: { color: grid } },
      timeScale: { timeVisible: true, secondsVisible: false, borderColor: grid },
      rightPriceScale: { borderColor: grid },
    });
    const series = chart.addSeries(BaselineSeries, {
      baseValue: { type: 'price', price: 0 },
      topLineColor: profit,
      topFillColor1: 'rgba(47, 158, 90, 0.3)',
      topFillColor2: 'rgba(47, 158, 90, 0.04)',
      bottomLineColor: loss,
      bottomFillColor1: 'rgba(214, 69, 69, 0.04)',
      bottomFillColor2: 'rgba(214, 69, 69, 0.3)',
      lineWidth: 2,
    });
    parts.current = { chart, series };
    return () => {
      parts.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const current = parts.current;
    if (!current) return;
    current.series.setData(points.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })));
    current.chart.timeScale().fitContent();
  }, [points]);

  return <div ref={container} className="pnl-day-chart" role="img" aria-label={label} />;
}
