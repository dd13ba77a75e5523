import {
  accountHoldingsSchema,
  accountOrderBookSchema,
  accountPositionsSchema,
  brokerTradingContracts,
  orderMarginSchema,
  type AccountBookOrder,
  type AccountHolding,
  type AccountPosition,
} from '../../shared/contracts/broker-trading';
import type { BrokerAccount } from '../../shared/contracts/broker';
import {
  directOrderContracts,
  placedOrderSchema,
  watchlistOrderContracts,
  type Order,
} from '../../shared/contracts/orders';
import { scriptsContracts } from '../../shared/contracts/scripts';
import type { WatchlistEntry } from '../../shared/contracts/watchlist';
import { buildOrder } from '../support/builders/order';
import { accountFixture, PAPER_ID, serveBrokerApi, type AnswerOverrides } from './demat-fixtures';
import { jsonResponse, successBody } from './support/http';
import { NIFTY_CALL, SBIN } from './watchlist-fixtures';

/**
 * An in-memory trading API for the ticket and account-page tests: quotes, searches, placements and
 * changes of orders, positions and the order book. Every answer passes the contract's own schema.
 */
export const TRADING_ACCOUNT: BrokerAccount = accountFixture();
export const ORDER_IDS = ['01JDZ0000000000000000RD001', '01JDZ0000000000000000RD002', '01JDZ0000000000000000RD003'] as const;

const ok = (data: unknown, result = 'OK') => jsonResponse(successBody(data, result));
const QUOTES: Readonly<Record<string, number>> = { [NIFTY_CALL.script_id]: 212.43, [SBIN.script_id]: 801.25 };
const SCRIPTS = [NIFTY_CALL, SBIN];

/** A pending LIMIT BUY of the NIFTY call on the paper account. */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return buildOrder({
    order_id: ORDER_IDS[0],
    broker_id: PAPER_ID,
    script_id: NIFTY_CALL.script_id,
    exchange: 'NFO',
    trading_symbol: NIFTY_CALL.trading_symbol,
    lot_size: NIFTY_CALL.lot_size,
    quantity: 75,
    price: 212.45,
    broker_order_id: `${PAPER_ID}-O1`,
    tag: 'TAG00000000000000001',
    ...overrides,
  });
}

export function positionFixture(overrides: Partial<AccountPosition> = {}): AccountPosition {
  return {
    script_id: NIFTY_CALL.script_id,
    trading_symbol: NIFTY_CALL.trading_symbol,
    exchange: 'NFO',
    product: 'INTRADAY',
    net_quantity: 150,
    lot_size: 75,
    average_price: 200,
    last_price: 212.4,
    realised_pnl: 0,
    unrealised_pnl: 1860,
    ...overrides,
  };
}

export function bookRowFixture(overrides: Partial<AccountBookOrder> = {}): AccountBookOrder {
  return {
    broker_order_id: `${PAPER_ID}-O1`,
    order_id: ORDER_IDS[0],
    script_id: NIFTY_CALL.script_id,
    trading_symbol: NIFTY_CALL.trading_symbol,
    exchange: 'NFO',
    status: 'pending',
    broker_status: 'OPEN',
    reason: null,
    action: 'BUY',
    order_type: 'LIMIT',
    product: 'INTRADAY',
    quantity: 150,
    filled_quantity: 0,
    lot_size: 75,
    price: 150.5,
    trigger_price: null,
    average_price: null,
    tick_size: 0.05,
    ...overrides,
  };
}

export function positionsAnswer(positions: readonly AccountPosition[]) {
  const realised = positions.reduce((sum, position) => sum + position.realised_pnl, 0);
  const unrealised = positions.reduce((sum, position) => sum + position.unrealised_pnl, 0);
  return accountPositionsSchema.parse({
    positions,
    totals: { realised_pnl: realised, unrealised_pnl: unrealised, total_pnl: realised + unrealised },
    read_at: '2026-03-02T05:30:00.000Z',
  });
}

export function holdingsAnswer(holdings: readonly AccountHolding[]) {
  const invested = holdings.reduce((sum, holding) => sum + holding.invested, 0);
  const current = holdings.reduce((sum, holding) => sum + (holding.current_value ?? holding.invested), 0);
  const dayChange = holdings.reduce((sum, holding) => sum + (holding.day_change ?? 0), 0);
  return accountHoldingsSchema.parse({
    holdings,
    totals: { invested, current_value: current, pnl: current - invested, pnl_percent: invested === 0 ? null : ((current - invested) / invested) * 100, day_change: dayChange },
    read_at: '2026-03-02T05:30:00.000Z',
  });
}

interface TradingState {
  accounts?: readonly BrokerAccount[];
  positions?: readonly AccountPosition[];
  book?: readonly AccountBookOrder[];
  watchlist?: readonly WatchlistEntry[];
  /** What a placed order comes back as (default: pending, as sent). */
  placedAs?: Partial<Order>;
  holdings?: readonly AccountHolding[];
  /** Funds the margin answer says are free (default ₹5,00,000); an order needs its full value. */
  marginAvailable?: number;
}

const bodyOf = async (request: Request) => (await request.clone().json()) as unknown;

/** Signs in and serves the broker API plus the trading calls over `state`; `overrides` replace any answer. */
export function serveTradingApi(state: TradingState = {}, overrides: AnswerOverrides = {}) {
  let placements = 0;
  const trading: AnswerOverrides = {
    'GET /api/v4/users/watchlist/getwatchlist': () => ok(state.watchlist ?? []),
    'POST /api/v4/scripts/searchoptionchains': () => ok([]),
    'POST /api/v4/scripts/searchscriptsforwatchlist': async (request) => {
      const { type, symbol } = scriptsContracts.searchScriptsForWatchlist.request.parse(await bodyOf(request));
      return ok(SCRIPTS.filter((script) => script.instrument_type === type && script.trading_symbol.startsWith(symbol.toUpperCase())));
    },
    'POST /api/v4/scripts/getltp': async (request) => {
      const { script_id } = scriptsContracts.getLtp.request.parse(await bodyOf(request));
      return ok({ script_id, ltp: QUOTES[script_id] ?? 100, as_of: '2026-03-02T05:30:00.000Z' });
    },
    'POST /api/v4/users/broker/direct/placeorder': async (request) => {
      const body = directOrderContracts.placeOrder.request.parse(await bodyOf(request));
      placements += 1;
      return ok(placedOrderSchema.parse({ order: placedOrder(body, placements, state.placedAs), replayed: false }));
    },
    'POST /api/v4/users/watchlist/placeorder': async (request) => {
      const body = watchlistOrderContracts.placeOrder.request.parse(await bodyOf(request));
      placements += 1;
      return ok(placedOrderSchema.parse({ order: placedOrder({ ...body, script_id: NIFTY_CALL.script_id }, placements, state.placedAs), replayed: false }));
    },
    'POST /api/v4/users/broker/getbrokerpositions': () => ok(positionsAnswer(state.positions ?? [])),
    'POST /api/v4/users/broker/getbrokerholdings': () => ok(holdingsAnswer(state.holdings ?? [])),
    'POST /api/v4/users/broker/getordermargin': async (request) => {
      const body = brokerTradingContracts.getOrderMargin.request.parse(await bodyOf(request));
      const required = body.quantity * (body.price ?? QUOTES[body.script_id] ?? 100);
      const available = state.marginAvailable ?? 500_000;
      return ok(orderMarginSchema.parse({ required, available, fits: required <= available, shortfall: Math.max(0, required - available), read_at: '2026-03-02T05:30:00.000Z' }));
    },
    'POST /api/v4/users/broker/getbrokerorderbook': () =>
      ok(accountOrderBookSchema.parse({ orders: state.book ?? [], read_at: '2026-03-02T05:30:00.000Z' })),
    'POST /api/v4/users/broker/direct/squareoff': async (request) => {
      const body = directOrderContracts.squareOff.request.parse(await bodyOf(request));
      return ok({ orders: [orderFixture({ script_id: body.script_id, transaction_type: 'SELL', order_type: 'MARKET', price: null, status: 'completed', quantity: 150, filled_quantity: 150, average_price: 212.4 })] });
    },
    'POST /api/v4/users/broker/direct/squareoffall': () =>
      ok({ orders: (state.positions ?? []).filter((position) => position.net_quantity !== 0).map((position, index) => orderFixture({ order_id: ORDER_IDS[index] ?? ORDER_IDS[0], trading_symbol: position.trading_symbol, status: 'completed', order_type: 'MARKET', price: null })) }),
    'POST /api/v4/users/broker/direct/updateorder': async (request) => {
      const body = directOrderContracts.updateOrder.request.parse(await bodyOf(request));
      return ok(changedOrder(body.action, body));
    },
    'POST /api/v4/users/broker/direct/updatebrokerorder': async (request) => {
      const body = directOrderContracts.updateBrokerOrder.request.parse(await bodyOf(request));
      return ok(changedOrder(body.action, body));
    },
    [`POST /api/v4${brokerTradingContracts.completeBrokerLogin.path}`]: () => ok(TRADING_ACCOUNT),
  };
  return serveBrokerApi(state.accounts ?? [TRADING_ACCOUNT], { ...trading, ...overrides });
}

function placedOrder(body: { script_id: string; transaction_type: 'BUY' | 'SELL'; order_type: Order['order_type']; product: Order['product']; quantity: number; price?: number | null | undefined; trigger_price?: number | null | undefined }, count: number, as: Partial<Order> = {}): Order {
  const script = SCRIPTS.find((candidate) => candidate.script_id === body.script_id) ?? NIFTY_CALL;
  return orderFixture({
    order_id: ORDER_IDS[(count - 1) % ORDER_IDS.length],
    script_id: script.script_id,
    exchange: script.exchange,
    trading_symbol: script.trading_symbol,
    lot_size: script.lot_size,
    transaction_type: body.transaction_type,
    order_type: body.order_type,
    product: body.product,
    quantity: body.quantity,
    price: body.price ?? null,
    trigger_price: body.trigger_price ?? null,
    ...as,
  });
}

function changedOrder(action: string, body: { quantity?: number | undefined; price?: number | null | undefined }): Order {
  const status = action === 'cancel' ? 'cancelled' : action === 'converttomarket' ? 'completed' : 'pending';
  return orderFixture({ status, ...(body.quantity === undefined ? {} : { quantity: body.quantity }), ...(body.price === undefined ? {} : { price: body.price }) });
}

/** The JSON bodies sent to one API path (under /api/v4), in order. */
export async function bodiesTo(requests: readonly Request[], path: string): Promise<Record<string, unknown>[]> {
  const sent = requests.filter((request) => new URL(request.url).pathname === `/api/v4${path}`);
  return Promise.all(sent.map((request) => request.clone().json() as Promise<Record<string, unknown>>));
}
