import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { ChartCandle, ChartMarker, MarkerTone } from '../chart-data';

/**
 * The candlestick canvas (lightweight-charts). This file is the only one that imports the library, and
 * the dialog loads it lazily, so the library sits in its own chunk, fetched when a chart first opens.
 */
interface CandleChartProps {
  candles: readonly ChartCandle[];
  markers: readonly ChartMarker[];
  /** Changes when the script or the timeframe does: the view then fits the new candles. */
  fitKey: string;
  /** What the canvas shows, for assistive technology. */
  label: string;
}

/** Theme colours, read from the app's dark theme (with fallbacks for a page without it). */
function themeColour(variable: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  return value || fallback;
}

function paletteOf() {
  return {
    text: themeColour('--amplify-colors-font-secondary', '#a9b3bd'),
    grid: themeColour('--amplify-colors-border-tertiary', '#2e3740'),
    up: themeColour('--amplify-colors-green-60', '#2f9e5a'),
    down: themeColour('--amplify-colors-red-60', '#d64545'),
    inactive: themeColour('--amplify-colors-neutral-60', '#7d8792'),
  };
}

function toneColour(palette: ReturnType<typeof paletteOf>, tone: MarkerTone): string {
  return tone === 'buy' ? palette.up : tone === 'sell' ? palette.down : palette.inactive;
}

interface ChartParts {
  readonly chart: IChartApi;
  readonly series: ISeriesApi<'Candlestick'>;
  readonly markers: ISeriesMarkersPluginApi<Time>;
  readonly palette: ReturnType<typeof paletteOf>;
}

export default function CandleChart({ candles, markers, fitKey, label }: CandleChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const parts = useRef<ChartParts | null>(null);
  const fitted = useRef<string | null>(null);

  useEffect(() => {
    if (!container.current) return undefined;
    const palette = paletteOf();
    const chart = createChart(container.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: palette.text, attributionLogo: true },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      // Room right of the last candle for its order markers' labels.
      timeScale: { timeVisible: true, secondsVisible: false, borderColor: palette.grid, rightOffset: 8 },
      rightPriceScale: { borderColor: palette.grid },
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: palette.up,
      downColor: palette.down,
      wickUpColor: palette.up,
      wickDownColor: palette.down,
      borderVisible: false,
    });
    parts.current = { chart, series, markers: createSeriesMarkers(series, []), palette };
    return () => {
      parts.current = null;
      fitted.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const current = parts.current;
    if (!current) return;
    current.series.setData(candles.map((candle) => ({ ...candle, time: candle.time as UTCTimestamp })));
    current.markers.setMarkers(
      markers.map(
        (marker): SeriesMarker<Time> => ({
          id: marker.orderId,
          time: marker.time as UTCTimestamp,
          position: marker.position,
          shape: marker.shape,
          color: toneColour(current.palette, marker.tone),
          text: marker.text,
        }),
      ),
    );
    if (fitted.current !== fitKey && candles.length > 0) {
      current.chart.timeScale().fitContent();
      fitted.current = fitKey;
    }
  }, [candles, markers, fitKey]);

  return <div ref={container} className="price-chart__canvas" role="img" aria-label={label} />;
}
