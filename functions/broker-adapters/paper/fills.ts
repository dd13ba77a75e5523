import type { PaperOrder } from './account-state';
import { shiftByTicks } from './price-math';
import { hashText } from './seeded-random';
import type { OrderType } from './vocabulary';

/**
 * When and at what price a pending order fills, given the LTP of the moment.
 * - MARKET fills at once at the LTP plus at most one tick of adverse slippage (0 or 1 tick, drawn
 *   from the order id so a replay gives the same fill).
 * - LIMIT fills once the market crosses it (buy: LTP ≤ price; sell: LTP ≥ price). An order that is
 *   marketable as it arrives (placed, modified or just triggered) takes the LTP, which is at its price
 *   or better; a resting order that the market crosses later fills at its own price.
 * - SL waits until the LTP crosses its trigger (buy: LTP ≥ trigger; sell: LTP ≤ trigger), then arrives
 *   as a LIMIT at its price.
 *
 * Simplifications: the whole quantity fills at once (no partial fills, unlimited liquidity at the LTP);
 * the engine only sees the LTP at the moments it is asked to match (each second the monitor runs), so
 * a cross that happened and reversed between two looks is missed.
 */
export type MatchDecision =
  | { readonly kind: 'fill'; readonly price: number }
  | { readonly kind: 'rest'; readonly triggered: boolean };

/** 0 or 1: the ticks of slippage a MARKET order gets. */
export function marketSlippageTicks(orderId: string): number {
  return hashText(orderId) % 2;
}

function marketFill(order: PaperOrder, ltp: number): MatchDecision {
  const ticks = marketSlippageTicks(order.id) * (order.action === 'BUY' ? 1 : -1);
  return { kind: 'fill', price: shiftByTicks(ltp, ticks, order.instrument.tick_size) };
}

function limitMatch(order: PaperOrder, ltp: number, arriving: boolean, triggered: boolean): MatchDecision {
  const limit = order.price ?? ltp;
  const crossed = order.action === 'BUY' ? ltp <= limit : ltp >= limit;
  if (!crossed) return { kind: 'rest', triggered };
  return { kind: 'fill', price: arriving ? ltp : limit };
}

function stopLimitMatch(order: PaperOrder, ltp: number, arriving: boolean): MatchDecision {
  if (order.triggered) return limitMatch(order, ltp, arriving, true);
  const trigger = order.triggerPrice ?? ltp;
  const hit = order.action === 'BUY' ? ltp >= trigger : ltp <= trigger;
  return hit ? limitMatch(order, ltp, true, true) : { kind: 'rest', triggered: false };
}

const MATCHERS: Readonly<Record<OrderType, (order: PaperOrder, ltp: number, arriving: boolean) => MatchDecision>> = {
  MARKET: marketFill,
  LIMIT: (order, ltp, arriving) => limitMatch(order, ltp, arriving, false),
  SL: stopLimitMatch,
};

/** `arriving`: the order enters the book now (placed, modified) rather than resting from before. */
export function matchOrder(order: PaperOrder, ltp: number, arriving: boolean): MatchDecision {
  return MATCHERS[order.orderType](order, ltp, arriving);
}
