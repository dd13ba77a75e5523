import { randomBytes } from 'node:crypto';
import {
  startBrokerFakeServer,
  type BrokerFakeServer,
  type FakeReply,
  type FakeRequest,
  type FakeRoute,
  type RecordedCall,
  type TransportFault,
} from './broker-fake-server';
import { nowMs } from '../../functions/platform/clock';
import { createFakeDemat, fakeOrderMargin, isOptionSymbol, type FakeHoldingSeed, type FakeMarginProduct } from './fake-demat';
import { createStaticIpRules, staticIpControls, type StaticIpControls, type StaticIpOptions } from './static-ip-rules';
import { upstoxIpRoutes } from './upstox-ip-routes';

/**
 * A faithful stand-in for Upstox API v2/v3 (reference/brokers.md §4, §11): two hosts (the general API and
 * the HFT order host), the OAuth2 code exchange with a form body and single-use codes, Bearer tokens
 * (401 UDAPI100050 once dead), JSON order bodies keyed by instrument_token, `{status, data[, metadata]}`
 * answers and `{status:'error', errors:[…]}` refusals carrying both spellings of the error fields, the
 * v3 place answer's `order_ids`, an in-memory order book, and fault injection per call.
 * Codes marked UNVERIFIED are documented common codes standing in where the endpoint's own code is not known.
 */

export interface UpstoxFakeInstrument {
  /** `NSE_EQ|INE009A01021`, `NSE_FO|43920`… (the segment is the key's prefix). */
  readonly instrumentKey: string;
  readonly tradingSymbol: string;
  readonly lastPrice: number;
}

export interface UpstoxFakeState {
  readonly status: string;
  readonly message: string | null;
}

export interface UpstoxFakeOrder {
  readonly order_id: string;
  readonly instrument_token: string;
  readonly exchange: string;
  readonly trading_symbol: string;
  readonly transaction_type: string;
  readonly product: string;
  readonly tag: string | null;
  readonly is_amo: boolean;
  readonly slice: boolean | null;
  /** The `X-Algo-Name` header the place request carried, null without one. */
  readonly algo_name: string | null;
  validity: string;
  quantity: number;
  order_type: string;
  price: number;
  trigger_price: number;
  disclosed_quantity: number;
  filled_quantity: number;
  average_price: number;
  /** Statuses still to be shown, one per order-book read; the last one stays. */
  states: UpstoxFakeState[];
}

/** Faults of the order path: transport faults, or "accepted, then rejected by RMS with this reason". */
export type UpstoxFault = TransportFault | { readonly kind: 'accept-then-reject'; readonly reason: string };

export type UpstoxFakeCall =
  | 'token'
  | 'place'
  | 'modify'
  | 'cancel'
  | 'orders'
  | 'details'
  | 'positions'
  | 'funds'
  | 'ltp'
  | 'holdings'
  | 'margin'
  | 'get-ip'
  | 'update-ip';

/** Static-IP controls (static-ip-rules.ts) are keyed by the Upstox user id (`userId`, default UPX123). */
export interface UpstoxFake extends StaticIpControls {
  /** The general host (`https://api.upstox.com`). */
  readonly apiUrl: string;
  /** The order host (`https://api-hft.upstox.com`): place, modify and cancel live only here. */
  readonly orderUrl: string;
  readonly apiKey: string;
  /** A fresh single-use authorization code, as the redirect to `redirectUri` would carry. */
  issueAuthCode(redirectUri: string): string;
  /** The access token of the current session (seeded, or from the last code exchange). */
  accessToken(): string;
  /** Kills the current session, as the 03:30 expiry or a logout would. */
  invalidateSession(): void;
  orders(): readonly UpstoxFakeOrder[];
  /** The trading day ends: delivery (`D` on a cash segment) fills go to the holdings (fake-demat.ts); the day's book is cleared. */
  endDay(): void;
  /** Moves an order through these statuses on the next book reads, as the OMS would. */
  setOrderStates(orderId: string, states: readonly UpstoxFakeState[]): void;
  /** Every request received by either host, per call. */
  requests(call: UpstoxFakeCall): readonly RecordedCall[];
  callCount(call: UpstoxFakeCall): number;
  totalCalls(): number;
  inject(call: UpstoxFakeCall, fault: UpstoxFault): void;
  stop(): Promise<void>;
}

export interface UpstoxFakeOptions extends StaticIpOptions {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly userId?: string;
  /** A session that already exists (skips the login flow in tests that do not exercise it). */
  readonly accessToken?: string;
  readonly instruments: readonly UpstoxFakeInstrument[];
  readonly availableCash?: number;
  /** Holdings the demat account starts with: `exchange` NSE/BSE and the trading symbol. */
  readonly holdings?: readonly FakeHoldingSeed[];
  /** The fake's clock (the weekly IP-change rule); default the platform clock. */
  readonly now?: () => number;
  /**
   * Refuse a place request without the `X-Algo-Name` header (Upstox: "algo apps must send an X-Algo-Name
   * header"). Opt-in: the fake cannot tell an automated order from a manual one. The reference names no
   * error code of its own for this, so the refusal is Upstox's invalid-input answer (UDAPI100038).
   */
  readonly requireAlgoId?: boolean;
}

/** The `exchange` an order-book row shows for each instrument-key segment. */
const SEGMENT_EXCHANGES: Readonly<Record<string, string>> = { NSE_EQ: 'NSE', BSE_EQ: 'BSE', NSE_FO: 'NFO', BSE_FO: 'BFO', MCX_FO: 'MCX' };
const PRODUCTS = ['I', 'D', 'MTF', 'CO'];
const ORDER_TYPES = ['MARKET', 'LIMIT', 'SL', 'SL-M'];
const VALIDITIES = ['DAY', 'IOC'];
const TRANSACTION_TYPES = ['BUY', 'SELL'];
const FINAL_STATUSES = ['complete', 'rejected', 'cancelled'];
const MAX_LTP_KEYS = 500;
const ORDER_HOST_CALLS: readonly UpstoxFakeCall[] = ['place', 'modify', 'cancel'];

const success = (data: unknown, metadata?: unknown): FakeReply => ({
  status: 200,
  body: JSON.stringify({ status: 'success', data, ...(metadata === undefined ? {} : { metadata }) }),
});

/** §4.9: snake_case fields plus their deprecated camelCase twins, as Upstox currently sends both. */
const problem = (status: number, code: string, message: string, propertyPath: string | null = null, invalidValue: unknown = null): FakeReply => ({
  status,
  body: JSON.stringify({
    status: 'error',
    errors: [
      { errorCode: code, message, propertyPath, invalidValue, error_code: code, property_path: propertyPath, invalid_value: invalidValue },
    ],
  }),
});
const invalidInput = (field: string, value: unknown) => problem(400, 'UDAPI100038', 'Invalid input passed to the API', field, value);
const latency = () => ({ latency: 12 });
/**
 * An order call from an address not registered for the user. Upstox documents the rule ("order requests from
 * unregistered IPs will be rejected") but not the answer: this is its error envelope with the one code its
 * static-IP pages list (UDAPI1179) — UNVERIFIED as the order refusal.
 */
const unregisteredIp = () => problem(403, 'UDAPI1179', 'Order request is not from a static IP registered for this user (IP not registered).');

function jsonOf(request: FakeRequest): Record<string, unknown> | null {
  if (!request.headers['content-type']?.startsWith('application/json')) return null;
  try {
    const parsed: unknown = JSON.parse(request.body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.fromEntries(Object.entries(parsed)) : null;
  } catch {
    return null;
  }
}

const textOf = (body: Record<string, unknown>, field: string): string | null => {
  const value = body[field];
  return typeof value === 'string' ? value : null;
};
/** Upstox bodies carry numbers as JSON numbers (int32 quantity, float prices); text is refused. */
const numberOf = (body: Record<string, unknown>, field: string): number | null => {
  const value = body[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

export async function startUpstoxFake(options: UpstoxFakeOptions): Promise<UpstoxFake> {
  const issuedCodes = new Map<string, string>();
  let accessToken = options.accessToken ?? randomBytes(16).toString('hex');
  let sessionAlive = options.accessToken !== undefined;
  const orders: UpstoxFakeOrder[] = [];
  const pendingRejections: string[] = [];
  let nextOrderNumber = 260_105_000_000_001;
  const userId = options.userId ?? 'UPX123';
  const demat = createFakeDemat(options.holdings);
  const ipRules = createStaticIpRules(options);
  const ipGuarded = (route: string, handle: (request: FakeRequest) => FakeReply) => ipRules.guard(route, userId, unregisteredIp, handle);

  const instrumentOf = (key: string) => options.instruments.find((instrument) => instrument.instrumentKey === key);
  const segmentOf = (key: string) => key.split('|')[0] ?? '';

  /** Header contract (§4.2): JSON answers only, and `Authorization: Bearer <live token>`. */
  const authProblem = (request: FakeRequest): FakeReply | null => {
    if (!request.headers.accept?.includes('application/json')) {
      return problem(406, 'UDAPI100036', "You requested a format that isn't json."); // UNVERIFIED code; 406 is documented
    }
    if (!sessionAlive || request.headers.authorization !== `Bearer ${accessToken}`) {
      return problem(401, 'UDAPI100050', 'Invalid token used to access API');
    }
    return null;
  };

  const authed =
    (handle: (request: FakeRequest) => FakeReply) =>
    (request: FakeRequest): FakeReply =>
      authProblem(request) ?? handle(request);

  /** §4.1: form body; the code is spent by any attempt that names it, whatever the outcome. */
  const exchangeCode = (request: FakeRequest): FakeReply => {
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return invalidInput('body', null);
    const form = new URLSearchParams(request.body);
    const code = form.get('code') ?? '';
    const redirectOfCode = issuedCodes.get(code);
    issuedCodes.delete(code);
    if (form.get('grant_type') !== 'authorization_code') return invalidInput('grant_type', form.get('grant_type'));
    if (form.get('client_id') !== options.apiKey || form.get('client_secret') !== options.apiSecret) {
      return problem(401, 'UDAPI100016', 'Invalid Credentials');
    }
    if (redirectOfCode === undefined) return problem(401, 'UDAPI100016', 'Invalid Credentials'); // UNVERIFIED code for a spent code
    if (form.get('redirect_uri') !== redirectOfCode) {
      return problem(400, 'UDAPI100068', "Check your 'client_id' and 'redirect_uri'; one or both are incorrect.");
    }
    accessToken = randomBytes(24).toString('hex');
    sessionAlive = true;
    // The token answer is bare: the profile and the token, no envelope.
    return {
      status: 200,
      body: JSON.stringify({
        email: 'fake@example.com',
        exchanges: ['NSE', 'NFO', 'BSE', 'CDS', 'BFO', 'BCD', 'MCX'],
        products: ['D', 'CO', 'I'],
        broker: 'UPSTOX',
        user_id: userId,
        user_name: 'Fake Trader',
        order_types: ORDER_TYPES,
        user_type: 'individual',
        poa: false,
        is_active: true,
        access_token: accessToken,
        extended_token: null,
      }),
    };
  };

  const orderTypeProblem = (body: Record<string, unknown>): FakeReply | null => {
    const orderType = textOf(body, 'order_type');
    if (orderType === null) return problem(400, 'UDAPI1004', 'Valid order type is required', 'order_type', null);
    if (!ORDER_TYPES.includes(orderType)) return problem(400, 'UDAPI1056', "The 'order_type' is invalid", 'order_type', orderType);
    const validity = textOf(body, 'validity');
    if (validity === null) return problem(400, 'UDAPI1007', 'Validity is required', 'validity', null);
    if (!VALIDITIES.includes(validity)) return problem(400, 'UDAPI1055', "The 'validity' is invalid", 'validity', validity);
    const price = numberOf(body, 'price');
    if (price === null || price < 0 || ((orderType === 'LIMIT' || orderType === 'SL') && price === 0)) return invalidInput('price', body.price);
    const trigger = numberOf(body, 'trigger_price');
    if (trigger === null || trigger < 0 || ((orderType === 'SL' || orderType === 'SL-M') && trigger === 0)) return invalidInput('trigger_price', body.trigger_price);
    return null;
  };

  const placeProblem = (body: Record<string, unknown>): FakeReply | null => {
    const key = textOf(body, 'instrument_token');
    if (key === null) return problem(400, 'UDAPI1026', 'Instrument key is required', 'instrument_token', null);
    if (!instrumentOf(key)) return problem(400, 'UDAPI1026', 'Instrument key is invalid', 'instrument_token', key);
    const quantity = numberOf(body, 'quantity');
    if (quantity === 0) return problem(400, 'UDAPI1052', 'Order quantity cannot be zero', 'quantity', 0);
    if (quantity === null || !Number.isInteger(quantity) || quantity < 0) return invalidInput('quantity', body.quantity);
    if (!PRODUCTS.includes(textOf(body, 'product') ?? '')) return invalidInput('product', body.product);
    if (!TRANSACTION_TYPES.includes(textOf(body, 'transaction_type') ?? '')) return invalidInput('transaction_type', body.transaction_type);
    if (typeof body.is_amo !== 'boolean') return invalidInput('is_amo', body.is_amo);
    if (body.slice !== undefined && typeof body.slice !== 'boolean') return invalidInput('slice', body.slice);
    if (body.tag !== undefined && typeof body.tag !== 'string') return invalidInput('tag', body.tag);
    return orderTypeProblem(body);
  };

  const placeOrder = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    if (!body) return invalidInput('body', null);
    const refusal = placeProblem(body);
    if (refusal) return refusal;
    const header = request.headers['x-algo-name'];
    const algoName = typeof header === 'string' && header !== '' ? header : null;
    if (options.requireAlgoId && algoName === null) return invalidInput('X-Algo-Name', null);
    const key = textOf(body, 'instrument_token') ?? '';
    const instrument = instrumentOf(key);
    const orderType = textOf(body, 'order_type') ?? '';
    const quantity = numberOf(body, 'quantity') ?? 0;
    const rejection = pendingRejections.shift();
    const filled = rejection === undefined && orderType === 'MARKET';
    const states: UpstoxFakeState[] =
      rejection !== undefined
        ? [{ status: 'validation pending', message: null }, { status: 'rejected', message: rejection }]
        : filled
          ? [{ status: 'complete', message: null }]
          : [{ status: orderType === 'SL' || orderType === 'SL-M' ? 'trigger pending' : 'open', message: null }];
    const order: UpstoxFakeOrder = {
      order_id: String(nextOrderNumber++),
      instrument_token: key,
      exchange: SEGMENT_EXCHANGES[segmentOf(key)] ?? '',
      trading_symbol: instrument?.tradingSymbol ?? '',
      transaction_type: textOf(body, 'transaction_type') ?? '',
      product: textOf(body, 'product') ?? '',
      tag: textOf(body, 'tag'),
      is_amo: body.is_amo === true,
      slice: typeof body.slice === 'boolean' ? body.slice : null,
      algo_name: algoName,
      validity: textOf(body, 'validity') ?? 'DAY',
      quantity,
      order_type: orderType,
      price: numberOf(body, 'price') ?? 0,
      trigger_price: numberOf(body, 'trigger_price') ?? 0,
      disclosed_quantity: numberOf(body, 'disclosed_quantity') ?? 0,
      filled_quantity: filled ? quantity : 0,
      average_price: filled ? (instrument?.lastPrice ?? 0) : 0,
      states,
    };
    orders.push(order);
    return success({ order_ids: [order.order_id] }, latency());
  };

  const currentState = (order: UpstoxFakeOrder): UpstoxFakeState => order.states[0] ?? { status: 'open', message: null };

  const openOrder = (orderId: string | null, action: string): UpstoxFakeOrder | FakeReply => {
    const order = orders.find((candidate) => candidate.order_id === orderId);
    if (!order) return invalidInput('order_id', orderId); // UNVERIFIED: the endpoint's own "not found" code is not documented
    const { status } = currentState(order);
    if (FINAL_STATUSES.includes(status)) return problem(400, 'UDAPI100038', `Order cannot be ${action} as it is ${status}`, 'order_id', orderId); // UNVERIFIED
    return order;
  };

  /** §4.4: validity, price, order type and trigger are required on every modification; quantity is optional. */
  const modifyOrder = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    if (!body) return invalidInput('body', null);
    const refusal = orderTypeProblem(body);
    if (refusal) return refusal;
    const found = openOrder(textOf(body, 'order_id'), 'modified');
    if ('status' in found) return found;
    const quantity = body.quantity === undefined ? found.quantity : numberOf(body, 'quantity');
    if (quantity === null || !Number.isInteger(quantity) || quantity <= 0) return invalidInput('quantity', body.quantity);
    found.quantity = quantity;
    found.validity = textOf(body, 'validity') ?? found.validity;
    found.order_type = textOf(body, 'order_type') ?? found.order_type;
    found.price = numberOf(body, 'price') ?? found.price;
    found.trigger_price = numberOf(body, 'trigger_price') ?? found.trigger_price;
    found.disclosed_quantity = numberOf(body, 'disclosed_quantity') ?? found.disclosed_quantity;
    return success({ order_id: found.order_id }, latency());
  };

  const cancelOrder = (request: FakeRequest): FakeReply => {
    const found = openOrder(request.query.get('order_id'), 'cancelled');
    if ('status' in found) return found;
    found.states = [{ status: 'cancelled', message: null }];
    return success({ order_id: found.order_id }, latency());
  };

  const rowOf = (order: UpstoxFakeOrder, state: UpstoxFakeState) => {
    const { states: _states, slice: _slice, algo_name: _algoName, ...fields } = order;
    const open = !FINAL_STATUSES.includes(state.status);
    return {
      ...fields,
      status: state.status,
      status_message: state.message,
      status_message_raw: state.message === null ? null : `RMS:${state.message}`,
      tradingsymbol: order.trading_symbol,
      guid: null,
      placed_by: userId,
      pending_quantity: open ? order.quantity - order.filled_quantity : 0,
      exchange_order_id: state.status === 'complete' ? `1100000${order.order_id.slice(-8)}` : null,
      parent_order_id: null,
      variety: 'SIMPLE',
      order_timestamp: '2026-01-05 10:00:00',
      exchange_timestamp: state.status === 'complete' ? '2026-01-05 10:00:00' : null,
      order_request_id: '1',
      order_ref_id: order.order_id.slice(-10),
    };
  };

  const orderBook = (): FakeReply =>
    success(
      orders.map((order) => {
        const state = currentState(order);
        if (order.states.length > 1) order.states.shift();
        return rowOf(order, state);
      }),
    );

  const orderDetails = (request: FakeRequest): FakeReply => {
    const order = orders.find((candidate) => candidate.order_id === request.query.get('order_id'));
    return order ? success(rowOf(order, currentState(order))) : invalidInput('order_id', request.query.get('order_id')); // UNVERIFIED code
  };

  const positions = (): FakeReply => {
    const net = new Map<string, { order: UpstoxFakeOrder; buyQty: number; buyValue: number; sellQty: number; sellValue: number }>();
    for (const order of orders) {
      if (currentState(order).status !== 'complete') continue;
      const key = `${order.instrument_token}|${order.product}`;
      const row = net.get(key) ?? { order, buyQty: 0, buyValue: 0, sellQty: 0, sellValue: 0 };
      if (order.transaction_type === 'BUY') {
        row.buyQty += order.filled_quantity;
        row.buyValue += order.filled_quantity * order.average_price;
      } else {
        row.sellQty += order.filled_quantity;
        row.sellValue += order.filled_quantity * order.average_price;
      }
      net.set(key, row);
    }
    const rows = [...net.values()].map(({ order, buyQty, buyValue, sellQty, sellValue }) => {
      const quantity = buyQty - sellQty;
      const lastPrice = instrumentOf(order.instrument_token)?.lastPrice ?? 0;
      const averagePrice = quantity > 0 ? buyValue / buyQty : quantity < 0 ? sellValue / sellQty : 0;
      const unrealised = quantity * (lastPrice - averagePrice);
      return {
        exchange: order.exchange,
        multiplier: 1,
        value: sellValue - buyValue,
        pnl: unrealised,
        product: order.product,
        instrument_token: order.instrument_token,
        average_price: averagePrice,
        buy_value: buyValue,
        overnight_quantity: 0,
        day_buy_value: buyValue,
        day_buy_price: buyQty > 0 ? buyValue / buyQty : 0,
        overnight_buy_amount: 0,
        overnight_buy_quantity: 0,
        day_buy_quantity: buyQty,
        day_sell_value: sellValue,
        day_sell_price: sellQty > 0 ? sellValue / sellQty : 0,
        overnight_sell_amount: 0,
        overnight_sell_quantity: 0,
        day_sell_quantity: sellQty,
        quantity,
        last_price: lastPrice,
        unrealised,
        realised: 0,
        sell_value: sellValue,
        trading_symbol: order.trading_symbol,
        tradingsymbol: order.trading_symbol,
        close_price: lastPrice,
        buy_price: buyQty > 0 ? buyValue / buyQty : 0,
        sell_price: sellQty > 0 ? sellValue / sellQty : 0,
      };
    });
    return success(rows);
  };

  /** `segment=SEC` answers equity only, `COM` commodity only, none both (DOC upstox get-user-fund-margin). */
  const funds = (request: FakeRequest): FakeReply => {
    const used = orders
      .filter((order) => currentState(order).status === 'complete' && order.transaction_type === 'BUY')
      .reduce((sum, order) => sum + order.filled_quantity * order.average_price, 0);
    const cash = options.availableCash ?? 100_000;
    const margins = (available: number, usedMargin: number) => ({
      used_margin: usedMargin,
      payin_amount: 0,
      span_margin: 0,
      adhoc_margin: 0,
      notional_cash: 0,
      available_margin: available,
      exposure_margin: 0,
    });
    const segment = request.query.get('segment');
    if (segment !== null && segment !== 'SEC' && segment !== 'COM') return invalidInput('segment', segment);
    return success({
      ...(segment === 'COM' ? {} : { equity: margins(cash - used, used) }),
      ...(segment === 'SEC' ? {} : { commodity: margins(0, 0) }),
    });
  };

  /** §4.6: keys comma-separated, ≤ 500; the answer is keyed `SEGMENT:TRADINGSYMBOL`, unknown keys left out. */
  const ltp = (request: FakeRequest): FakeReply => {
    const keys = (request.query.get('instrument_key') ?? '').split(',').filter((key) => key !== '');
    if (keys.length === 0) return invalidInput('instrument_key', null);
    if (keys.length > MAX_LTP_KEYS) return problem(400, 'UDAPI100043', 'Too many instrument keys', 'instrument_key', keys.length); // message UNVERIFIED
    const data: Record<string, unknown> = {};
    for (const key of keys) {
      const instrument = instrumentOf(key);
      if (!instrument) continue;
      data[`${segmentOf(key)}:${instrument.tradingSymbol}`] = {
        last_price: instrument.lastPrice,
        instrument_token: instrument.instrumentKey,
        ltq: 75,
        volume: 170_325,
        cp: instrument.lastPrice - 1,
      };
    }
    return success(data);
  };

  const cashInstrument = (exchange: string, symbol: string) =>
    options.instruments.find((instrument) => SEGMENT_EXCHANGES[segmentOf(instrument.instrumentKey)] === exchange && instrument.tradingSymbol === symbol);

  /** `GET /v2/portfolio/long-term-holdings`: one row per script, both spellings of the symbol, P&L and day change. */
  const holdings = (): FakeReply => {
    const rows = demat.holdings().map((holding) => {
      const instrument = cashInstrument(holding.exchange, holding.symbol);
      const lastPrice = instrument?.lastPrice ?? holding.averagePrice;
      const quantity = holding.quantity + holding.t1Quantity;
      const dayChange = holding.closePrice === null ? 0 : lastPrice - holding.closePrice;
      return {
        isin: holding.isin,
        cnc_used_quantity: 0,
        collateral_type: 'WC',
        company_name: `${holding.symbol} LTD.`,
        haircut: 0.2,
        product: 'D',
        quantity,
        trading_symbol: holding.symbol,
        tradingsymbol: holding.symbol,
        last_price: lastPrice,
        close_price: holding.closePrice ?? 0,
        pnl: quantity * (lastPrice - holding.averagePrice),
        day_change: dayChange,
        day_change_percentage: holding.closePrice ? (dayChange / holding.closePrice) * 100 : 0,
        instrument_token: instrument?.instrumentKey ?? `${holding.exchange}_EQ|${holding.isin}`,
        average_price: holding.averagePrice,
        collateral_quantity: 0,
        collateral_update_quantity: 0,
        t1_quantity: holding.t1Quantity,
        exchange: holding.exchange,
      };
    });
    return success(rows);
  };

  const MARGIN_PRODUCTS: Readonly<Record<string, FakeMarginProduct>> = { D: 'delivery', MTF: 'mtf', I: 'intraday', CO: 'intraday' };

  /** `POST /v2/charges/margin`: ≤ 20 instruments; one margin entry each, and the totals before and after benefits. */
  const margin = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    const instruments = body?.instruments;
    if (!Array.isArray(instruments) || instruments.length === 0 || instruments.length > 20) return invalidInput('instruments', null);
    const margins: unknown[] = [];
    let required = 0;
    for (const item of instruments) {
      const asked: Record<string, unknown> = typeof item === 'object' && item !== null ? Object.fromEntries(Object.entries(item)) : {};
      const key = textOf(asked, 'instrument_key') ?? '';
      const instrument = instrumentOf(key);
      if (!instrument) return invalidInput('instrument_key', key);
      const quantity = numberOf(asked, 'quantity');
      const side = textOf(asked, 'transaction_type');
      const code = textOf(asked, 'product') ?? '';
      if (quantity === null || quantity <= 0) return invalidInput('quantity', asked.quantity);
      if (side !== 'BUY' && side !== 'SELL') return invalidInput('transaction_type', asked.transaction_type);
      const derivative = !segmentOf(key).endsWith('_EQ');
      const product = code === 'D' && derivative ? 'carryforward' : MARGIN_PRODUCTS[code];
      if (!product) return invalidInput('product', code);
      const price = numberOf(asked, 'price') ?? instrument.lastPrice;
      const option = derivative && isOptionSymbol(instrument.tradingSymbol);
      const total = fakeOrderMargin({ product, side, quantity, price, derivative, option });
      required += total;
      margins.push({
        equity_margin: derivative ? 0 : total,
        total_margin: total,
        exposure_margin: derivative && !option ? total * 0.3 : 0,
        tender_margin: 0,
        span_margin: derivative && !option ? total * 0.7 : 0,
        net_buy_premium: option && side === 'BUY' ? total : 0,
        additional_margin: 0,
      });
    }
    return success({ margins, required_margin: required, final_margin: required });
  };

  const apiRoutes: FakeRoute[] = [
    { name: 'token', method: 'POST', path: '/v2/login/authorization/token', handle: exchangeCode },
    { name: 'orders', method: 'GET', path: '/v2/order/retrieve-all', handle: authed(orderBook) },
    { name: 'details', method: 'GET', path: '/v2/order/details', handle: authed(orderDetails) },
    { name: 'positions', method: 'GET', path: '/v2/portfolio/short-term-positions', handle: authed(positions) },
    { name: 'funds', method: 'GET', path: '/v2/user/get-funds-and-margin', handle: authed(funds) },
    { name: 'ltp', method: 'GET', path: '/v3/market-quote/ltp', handle: authed(ltp) },
    { name: 'holdings', method: 'GET', path: '/v2/portfolio/long-term-holdings', handle: authed(holdings) },
    { name: 'margin', method: 'POST', path: '/v2/charges/margin', handle: authed(margin) },
    ...upstoxIpRoutes({
      rules: ipRules,
      userId,
      now: options.now ?? nowMs,
      authed,
      success,
      problem,
      invalidateTokens: () => {
        sessionAlive = false;
      },
    }),
  ];
  const orderRoutes: FakeRoute[] = [
    { name: 'place', method: 'POST', path: '/v3/order/place', handle: authed(ipGuarded('place', placeOrder)) },
    { name: 'modify', method: 'PUT', path: '/v3/order/modify', handle: authed(ipGuarded('modify', modifyOrder)) },
    { name: 'cancel', method: 'DELETE', path: '/v3/order/cancel', handle: authed(ipGuarded('cancel', cancelOrder)) },
  ];

  const serverWith = (routes: FakeRoute[]): Promise<BrokerFakeServer> =>
    startBrokerFakeServer({
      routes,
      rateLimitReply: () => problem(429, 'UDAPI10005', 'Too Many Request Sent'),
      serverErrorReply: (status) => problem(status, 'UDAPI100500', 'Something went wrong... please contact us'),
      notFoundReply: () => problem(404, 'UDAPI100060', 'Resource not Found'),
    });
  const apiServer = await serverWith(apiRoutes);
  const orderServer = await serverWith(orderRoutes);
  const serverOf = (call: UpstoxFakeCall) => (ORDER_HOST_CALLS.includes(call) ? orderServer : apiServer);

  return {
    apiUrl: apiServer.url,
    orderUrl: orderServer.url,
    apiKey: options.apiKey,
    ...staticIpControls(ipRules),
    issueAuthCode: (redirectUri) => {
      const code = randomBytes(4).toString('hex');
      issuedCodes.set(code, redirectUri);
      return code;
    },
    accessToken: () => accessToken,
    invalidateSession: () => {
      sessionAlive = false;
    },
    orders: () => orders,
    endDay: () => {
      const fills = orders
        .filter((order) => order.product === 'D' && segmentOf(order.instrument_token).endsWith('_EQ') && currentState(order).status === 'complete')
        .map((order) => ({ exchange: order.exchange, symbol: order.trading_symbol, side: order.transaction_type === 'BUY' ? ('BUY' as const) : ('SELL' as const), quantity: order.filled_quantity, price: order.average_price }));
      demat.endDay(fills, (exchange, symbol) => cashInstrument(exchange, symbol)?.lastPrice);
      orders.length = 0;
    },
    setOrderStates: (orderId, states) => {
      const order = orders.find((candidate) => candidate.order_id === orderId);
      if (!order) throw new Error(`no order ${orderId} in the Upstox fake`);
      order.states = [...states];
    },
    requests: (call) => serverOf(call).calls.filter((recorded) => recorded.route === call),
    callCount: (call) => serverOf(call).callCount(call),
    totalCalls: () => apiServer.calls.length + orderServer.calls.length,
    inject: (call, fault) => {
      if (fault.kind === 'accept-then-reject') pendingRejections.push(fault.reason);
      else serverOf(call).inject(call, fault);
    },
    stop: async () => {
      await Promise.all([apiServer.stop(), orderServer.stop()]);
    },
  };
}
