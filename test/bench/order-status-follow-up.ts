import { performance } from 'node:perf_hooks';
import { getOrder, type OrderOwner } from '../../functions/data/orders/order';
import type { BrokerFakeServer, RecordedCall } from '../fakes/broker-fake-server';

/**
 * What follows a broker order's answer (issue 22): the order answers `pending` after the broker's
 * accept, and the signal worker's `order-status` run reads the order book and records the status.
 * The bench tells the broker calls the answer waited for from the follow-up's, and times how long
 * the stored status takes to follow.
 */

/** One broker call as the fake received it, with the instant (performance.now()) it arrived. */
export interface StampedCall {
  readonly route: string;
  readonly at: number;
}

/** A stretch of time [from, to] in performance.now() instants. */
export interface Span {
  readonly from: number;
  readonly to: number;
}

/**
 * Stamps every call the fake records from now on. The fake keeps no time per call; its list only
 * grows, through `push`, so wrapping that one array's `push` stamps each call as it arrives without
 * touching the fake.
 */
export function stampBrokerCalls(server: BrokerFakeServer): { readonly stamped: readonly StampedCall[] } {
  const stamped: StampedCall[] = [];
  const calls = server.calls as RecordedCall[];
  const push = calls.push.bind(calls);
  calls.push = (...added: RecordedCall[]) => {
    for (const call of added) stamped.push({ route: call.route, at: performance.now() });
    return push(...added);
  };
  return { stamped };
}

const within = (at: number, span: Span) => at >= span.from && at <= span.to;

/**
 * The broker calls one order's answer waited for: those that arrived while its request was in flight,
 * except reads the signal worker made meanwhile (the previous order's follow-up, which lands in the
 * next order's request when orders follow each other at once). A place is always the order's own.
 */
export function callsBeforeAnswer(calls: readonly StampedCall[], request: Span, workerRuns: readonly Span[]): number {
  return calls.filter((call) => within(call.at, request) && (call.route === 'place' || !workerRuns.some((run) => within(call.at, run)))).length;
}

/** The calls that arrived within a span (the whole timed run: before and after every answer). */
export function callsWithin(calls: readonly StampedCall[], span: Span): number {
  return calls.filter((call) => within(call.at, span)).length;
}

const POLL_MS = 5;
const GIVE_UP_MS = 3_000;

/**
 * From an order's answer until its stored status is no longer `pending`, reading the order every 5 ms
 * (null: still pending after 3 s). An answer that was already final follows at once (0 ms).
 */
export async function statusFollowsMs(owner: OrderOwner, orderId: string, answeredStatus: string, answeredAt: number): Promise<number | null> {
  if (answeredStatus !== 'pending') return 0;
  for (;;) {
    const stored = await getOrder(owner, orderId);
    const now = performance.now();
    if (stored && stored.status !== 'pending') return now - answeredAt;
    if (now - answeredAt >= GIVE_UP_MS) return null;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Waits until no broker call arrived for `quietMs` (at most `maxMs`): the follow-ups still in flight land first. */
export async function untilBrokerQuiet(calls: readonly StampedCall[], quietMs = 300, maxMs = 5_000): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < maxMs) {
    const last = calls.at(-1)?.at ?? 0;
    if (performance.now() - last >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
