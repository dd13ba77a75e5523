import { randomUUID } from 'node:crypto';
import { brokerContracts } from '../../shared/contracts/broker';
import { directOrderContracts, type Order, type PlaceOrderRequest } from '../../shared/contracts/orders';
import type { Instrument } from '../../shared/domain/instruments';
import { instrumentMaster } from '../../functions/market/instrument-master';
import type { BenchApi } from './bench-api';

/**
 * Cheap NSE equities of the sample master (all well under ₹1,000), rotated so the orders touch
 * several positions; 1,000 one-share buys stay far inside the paper account's opening balance.
 */
export const BENCH_SCRIPT_IDS = ['NSE:SBIN', 'NSE:ITC', 'NSE:ONGC', 'NSE:NTPC', 'NSE:COALINDIA'] as const;

/** The bench scripts as the container's master lists them (throws if the master lost one). */
export async function benchInstruments(): Promise<readonly Instrument[]> {
  const master = await instrumentMaster();
  return BENCH_SCRIPT_IDS.map((scriptId) => {
    const instrument = master.byScriptId.get(scriptId);
    if (!instrument) throw new Error(`${scriptId} is not in the instrument master`);
    return instrument;
  });
}

/** The n-th order of a run: MARKET BUY 1 share, a fresh idempotency key each time. */
export function marketBuy(brokerId: string, n: number): PlaceOrderRequest {
  return {
    broker_id: brokerId,
    script_id: BENCH_SCRIPT_IDS[n % BENCH_SCRIPT_IDS.length] ?? 'NSE:SBIN',
    transaction_type: 'BUY',
    order_type: 'MARKET',
    product: 'DELIVERY',
    quantity: 1,
    idempotency_key: `bench-${randomUUID()}`,
  };
}

/** The broker took the order (a refusal, a failure or an unsettled outcome counts as an error). */
export function wasPlaced(order: Pick<Order, 'status' | 'submission'> | undefined): boolean {
  return order !== undefined && order.submission === 'SUBMITTED' && order.status !== 'rejected' && order.status !== 'failed';
}

/** One order through the gateway: its round trip and whether the broker took it. */
export async function placeThroughGateway(api: BenchApi, token: string, body: PlaceOrderRequest): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  try {
    const answer = await api.call(directOrderContracts.placeOrder, token, body);
    return { ms: answer.ms, ok: wasPlaced(answer.data?.order) };
  } catch {
    // The gateway dropped the connection: an error, timed to the drop.
    return { ms: performance.now() - started, ok: false };
  }
}

/** Turns the trading flag on: new orders need it (DESIGN.md §5 "Broker accounts"). */
export async function enableTrading(api: BenchApi, token: string, brokerId: string): Promise<void> {
  await api.data(brokerContracts.updateBrokerTradingFlag, token, { broker_id: brokerId, trading_enabled: true });
}

/** A connected paper account with trading on, as a user would make one. */
export async function tradingPaperAccount(api: BenchApi, token: string): Promise<string> {
  const { account } = await api.data(brokerContracts.connectBroker, token, { broker: 'paper' });
  await enableTrading(api, token, account.broker_id);
  return account.broker_id;
}
