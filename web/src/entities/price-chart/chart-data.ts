import type { Order } from '@shared/contracts/orders';
import type { PriceCandle } from '@shared/contracts/price-candles';
import { CANDLE_TIMEFRAMES_MINUTES } from '@shared/domain/constants';
import { LOT_EXCHANGES } from '@shared/domain/instruments';
import { formatPrice } from '@/lib/format/price';

/**
 * What the price chart draws, from what the API answers: candles and the user's orders as markers.
 * The chart library reads times as UTC; shifting them by Asia/Kolkata's offset makes its axis and
 * crosshair read market time (09:15 is 09:15), as spec §9 wants times shown.
 */
export type CandleTimeframe = (typeof CANDLE_TIMEFRAMES_MINUTES)[number];
export const CANDLE_TIMEFRAMES: readonly CandleTimeframe[] = CANDLE_TIMEFRAMES_MINUTES;
export const DEFAULT_TIMEFRAME: CandleTimeframe = 5;

/** IST has kept UTC+05:30 since 1945. */
export const IST_OFFSET_SECONDS = 19_800;

export interface ChartCandle {
  /** Epoch seconds shifted to read as Asia/Kolkata wall-clock time. */
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

export function chartCandlesOf(candles: readonly PriceCandle[]): ChartCandle[] {
  return candles.map((candle) => ({ ...candle, time: candle.time + IST_OFFSET_SECONDS }));
}

export type MarkerTone = 'buy' | 'sell' | 'inactive';

export interface ChartMarker {
  readonly orderId: string;
  /** The start of the candle the order falls in (shifted like the candles). */
  readonly time: number;
  readonly position: 'aboveBar' | 'belowBar';
  readonly shape: 'arrowUp' | 'arrowDown' | 'circle';
  readonly tone: MarkerTone;
  readonly text: string;
}

/** Orders that never reached the market are marked apart, grey. */
const INACTIVE_STATUSES: ReadonlySet<Order['status']> = new Set(['cancelled', 'rejected', 'failed']);

/** What a marker says: side, quantity and the fill (or limit) price, or why nothing filled. */
export function markerTextOf(order: Pick<Order, 'transaction_type' | 'quantity' | 'lot_size' | 'exchange' | 'status' | 'average_price' | 'price'>): string {
  const side = order.transaction_type === 'BUY' ? 'Buy' : 'Sell';
  const lots = LOT_EXCHANGES.includes(order.exchange) && order.lot_size > 0 ? order.quantity / order.lot_size : null;
  const size = lots === null ? `${order.quantity}` : `${lots} lot${lots === 1 ? '' : 's'}`;
  if (INACTIVE_STATUSES.has(order.status)) return `${side} ${size} ${order.status}`;
  const price = order.average_price ?? order.price;
  return price === null ? `${side} ${size}` : `${side} ${size} @ ${formatPrice(price)}`;
}

/**
 * The orders of one script placed within the candles' span, each at the start of its candle (the
 * library puts markers on bars), oldest first. Orders of other scripts or outside the span are left out.
 */
export function orderMarkersOf(orders: readonly Order[], scriptId: string, candles: readonly PriceCandle[], minutes: number): ChartMarker[] {
  const first = candles[0];
  const last = candles.at(-1);
  if (!first || !last) return [];
  const span = minutes * 60;
  const end = last.time + span;
  return orders
    .filter((order) => order.script_id === scriptId)
    .map((order) => ({ order, at: Math.floor(Date.parse(order.create_time) / 1000) }))
    .filter(({ at }) => at >= first.time && at < end)
    .sort((a, b) => a.at - b.at)
    .map(({ order, at }) => {
      const tone: MarkerTone = INACTIVE_STATUSES.has(order.status) ? 'inactive' : order.transaction_type === 'BUY' ? 'buy' : 'sell';
      const bucket = first.time + Math.floor((at - first.time) / span) * span;
      return {
        orderId: order.order_id,
        time: bucket + IST_OFFSET_SECONDS,
        position: order.transaction_type === 'BUY' ? 'belowBar' : 'aboveBar',
        shape: tone === 'inactive' ? 'circle' : order.transaction_type === 'BUY' ? 'arrowUp' : 'arrowDown',
        tone,
        text: markerTextOf(order),
      } satisfies ChartMarker;
    });
}

/** The last candle's figures, as the chart's caption reads them out. */
export function lastCandleSummary(candles: readonly PriceCandle[]): string | null {
  const last = candles.at(-1);
  if (!last) return null;
  return `Open ${formatPrice(last.open)} · High ${formatPrice(last.high)} · Low ${formatPrice(last.low)} · Close ${formatPrice(last.close)}`;
}
