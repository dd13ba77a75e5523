import { createHash, randomBytes } from 'node:crypto';
import { startBrokerFakeServer, type BrokerFakeServer, type FakeReply, type FakeRequest, type FakeRoute, type TransportFault } from './broker-fake-server';
import { createFakeDemat, fakeOrderMargin, isOptionSymbol, type FakeHoldingSeed, type FakeMarginProduct } from './fake-demat';
import { createStaticIpRules, staticIpControls, type StaticIpControls, type StaticIpOptions } from './static-ip-rules';

/**
 * A faithful stand-in for Zerodha Kite Connect v3 (reference/brokers.md §2, §11): form-encoded bodies,
 * `{status:'success', data}` / `{status:'error', message, error_type}` answers, the v3 headers, the
 * request-token checksum, an in-memory order book, and fault injection per call.
 */

export interface KiteFakeInstrument {
  readonly exchange: string;
  readonly tradingsymbol: string;
  readonly instrumentToken: number;
  readonly lastPrice: number;
}

export interface KiteFakeOrder {
  readonly order_id: string;
  readonly variety: string;
  readonly exchange: string;
  readonly tradingsymbol: string;
  readonly transaction_type: string;
  readonly product: string;
  readonly validity: string;
  readonly tag: string | null;
  readonly market_protection: string | null;
  /** The exchange algo id the place request carried (`algo_id`), null without one. */
  readonly algo_id: string | null;
  quantity: number;
  order_type: string;
  price: number;
  trigger_price: number;
  filled_quantity: number;
  average_price: number;
  /** Statuses still to be shown, one per order-book read; the last one stays. */
  states: { status: string; status_message: string | null }[];
}

/** Faults of the order path: transport faults, or "accepted, then rejected by RMS with this reason". */
export type KiteFault = TransportFault | { readonly kind: 'accept-then-reject'; readonly reason: string };

export type KiteCall = 'session' | 'place' | 'modify' | 'cancel' | 'orders' | 'positions' | 'margins' | 'ltp' | 'holdings' | 'order-margins';

/** Static-IP controls (static-ip-rules.ts) are keyed by the Kite user id (`userId`, default AB1234). */
export interface KiteFake extends StaticIpControls {
  readonly url: string;
  readonly server: BrokerFakeServer;
  readonly apiKey: string;
  /** A fresh single-use request token, as the login redirect would carry. */
  issueRequestToken(): string;
  /** The access token of the current session (seeded, or from the last token exchange). */
  accessToken(): string;
  /** Kills the current session, as a master logout or the 06:00 expiry would. */
  invalidateSession(): void;
  orders(): readonly KiteFakeOrder[];
  /** The trading day ends: CNC fills go to the holdings (fake-demat.ts) and the day's order book is cleared. */
  endDay(): void;
  inject(call: KiteCall, fault: KiteFault): void;
  stop(): Promise<void>;
}

export interface KiteFakeOptions extends StaticIpOptions {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly userId?: string;
  /** A session that already exists (skips the login flow in tests that do not exercise it). */
  readonly accessToken?: string;
  readonly instruments: readonly KiteFakeInstrument[];
  readonly availableCash?: number;
  /** Holdings the demat account starts with (symbols as Kite spells them). */
  readonly holdings?: readonly FakeHoldingSeed[];
  /**
   * Refuse a place request without `algo_id` (the SEBI algo rules: every algo order carries the exchange's
   * algo id). Opt-in: the fake cannot tell an automated order from a manual one. The reference names no
   * error of its own for this, so the refusal is Kite's input error (400 InputException).
   */
  readonly requireAlgoId?: boolean;
}

/**
 * The refusal of an order call from an address not on the account's IP whitelist. Zerodha documents the rule
 * (kite.trade forum 15912: "all order requests from an unregistered IP will be rejected") but not the answer,
 * so this is Kite's generic envelope with its permission error type (403 PermissionException) — UNVERIFIED text.
 */
export const KITE_UNREGISTERED_IP = 'Order requests are allowed only from the static IPs registered for this account (IP not registered).';

/** The refusal of an order without an algo id when `requireAlgoId` is on. */
export const KITE_MISSING_ALGO_ID = 'Missing `algo_id`: algo orders must carry the exchange-provided algo id.';

const EXCHANGES = ['NSE', 'BSE', 'NFO', 'BFO', 'CDS', 'BCD', 'MCX'];
const PRODUCTS = ['MIS', 'CNC', 'NRML', 'CO', 'MTF'];
const ORDER_TYPES = ['MARKET', 'LIMIT', 'SL', 'SL-M'];
const TRANSACTION_TYPES = ['BUY', 'SELL'];
const VALIDITIES = ['DAY', 'IOC', 'TTL'];
const FINAL_STATUSES = ['COMPLETE', 'REJECTED', 'CANCELLED'];
const TAG_PATTERN = /^[A-Za-z0-9]{1,20}$/;

const success = (data: unknown): FakeReply => ({ status: 200, body: JSON.stringify({ status: 'success', data }) });
const failure = (status: number, errorType: string, message: string): FakeReply => ({
  status,
  body: JSON.stringify({ status: 'error', message, data: null, error_type: errorType }),
});
const inputError = (message: string) => failure(400, 'InputException', message);

const SERVER_ERROR_TYPES: Readonly<Record<number, string>> = { 500: 'GeneralException', 502: 'DataException', 503: 'NetworkException' };

export async function startKiteFake(options: KiteFakeOptions): Promise<KiteFake> {
  const issuedRequestTokens = new Set<string>();
  let accessToken = options.accessToken ?? randomBytes(16).toString('hex');
  let sessionAlive = options.accessToken !== undefined;
  const orders: KiteFakeOrder[] = [];
  const pendingRejections: string[] = [];
  let nextOrderNumber = 250_101_000_000_001;
  const demat = createFakeDemat(options.holdings);
  const ipRules = createStaticIpRules(options);
  const ipGuarded = (route: string, handle: (request: FakeRequest, params: Readonly<Record<string, string>>) => FakeReply) =>
    ipRules.guard(route, options.userId ?? 'AB1234', () => failure(403, 'PermissionException', KITE_UNREGISTERED_IP), handle);

  const instrumentOf = (exchange: string, symbol: string) =>
    options.instruments.find((instrument) => instrument.exchange === exchange && instrument.tradingsymbol === symbol);

  /** Header contract (§2.2): X-Kite-Version 3 and `token api_key:access_token`. */
  const authProblem = (request: FakeRequest): FakeReply | null => {
    if (request.headers['x-kite-version'] !== '3') return inputError('Invalid or missing X-Kite-Version header');
    const expected = `token ${options.apiKey}:${accessToken}`;
    if (!sessionAlive || request.headers.authorization !== expected) {
      return failure(403, 'TokenException', 'Incorrect `api_key` or `access_token`.');
    }
    return null;
  };

  const formOf = (request: FakeRequest): URLSearchParams | null =>
    request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(request.body) : null;

  const authed =
    (handle: (request: FakeRequest, params: Readonly<Record<string, string>>) => FakeReply) =>
    (request: FakeRequest, params: Readonly<Record<string, string>>): FakeReply =>
      authProblem(request) ?? handle(request, params);

  const exchangeToken = (request: FakeRequest): FakeReply => {
    const form = formOf(request);
    if (!form) return inputError('Body must be form-encoded');
    const requestToken = form.get('request_token') ?? '';
    const expected = createHash('sha256').update(options.apiKey + requestToken + options.apiSecret).digest('hex');
    if (form.get('api_key') !== options.apiKey) return inputError('Invalid `api_key`.');
    if (form.get('checksum') !== expected) return failure(403, 'TokenException', 'Invalid `checksum`.');
    if (!issuedRequestTokens.delete(requestToken)) return failure(403, 'TokenException', 'Token is invalid or has expired.');
    accessToken = randomBytes(16).toString('hex');
    sessionAlive = true;
    return success({
      user_id: options.userId ?? 'AB1234',
      user_name: 'Fake Trader',
      user_shortname: 'Fake',
      email: 'fake@example.com',
      user_type: 'individual',
      broker: 'ZERODHA',
      exchanges: EXCHANGES,
      products: ['CNC', 'NRML', 'MIS'],
      order_types: ORDER_TYPES,
      api_key: options.apiKey,
      access_token: accessToken,
      public_token: randomBytes(8).toString('hex'),
      refresh_token: '',
      login_time: '2026-01-05 09:00:00',
      meta: { demat_consent: 'physical' },
      avatar_url: null,
    });
  };

  const orderProblem = (form: URLSearchParams): string | null => {
    const exchange = form.get('exchange') ?? '';
    if (!EXCHANGES.includes(exchange)) return 'Invalid `exchange`.';
    if (!instrumentOf(exchange, form.get('tradingsymbol') ?? '')) {
      return 'The instrument you are placing an order for has either expired or does not exist.';
    }
    if (!TRANSACTION_TYPES.includes(form.get('transaction_type') ?? '')) return 'Invalid `transaction_type`.';
    if (!PRODUCTS.includes(form.get('product') ?? '')) return 'Invalid `product`.';
    const orderType = form.get('order_type') ?? '';
    if (!ORDER_TYPES.includes(orderType)) return 'Invalid `order_type`.';
    if (!VALIDITIES.includes(form.get('validity') ?? 'DAY')) return 'Invalid `validity`.';
    const quantity = Number(form.get('quantity'));
    if (!Number.isInteger(quantity) || quantity <= 0) return 'Invalid `quantity`.';
    if ((orderType === 'LIMIT' || orderType === 'SL') && !(Number(form.get('price')) > 0)) return 'Invalid `price`.';
    if ((orderType === 'SL' || orderType === 'SL-M') && !(Number(form.get('trigger_price')) > 0)) return 'Invalid `trigger_price`.';
    if (orderType === 'MARKET' && form.get('market_protection') === null) return 'Market orders need `market_protection`.';
    const tag = form.get('tag');
    if (tag !== null && !TAG_PATTERN.test(tag)) return '`tag` should be alphanumeric and max 20 characters.';
    return null;
  };

  const placeOrder = (request: FakeRequest, params: Readonly<Record<string, string>>): FakeReply => {
    if (params.variety !== 'regular') return failure(400, 'InputException', 'Invalid variety.');
    const form = formOf(request);
    if (!form) return inputError('Body must be form-encoded');
    const problem = orderProblem(form);
    if (problem) return inputError(problem);
    const algoId = form.get('algo_id');
    if (options.requireAlgoId && !algoId) return inputError(KITE_MISSING_ALGO_ID);
    const exchange = form.get('exchange') ?? '';
    const tradingsymbol = form.get('tradingsymbol') ?? '';
    const orderType = form.get('order_type') ?? '';
    const quantity = Number(form.get('quantity'));
    const lastPrice = instrumentOf(exchange, tradingsymbol)?.lastPrice ?? 0;
    const rejection = pendingRejections.shift();
    const states: KiteFakeOrder['states'] =
      rejection !== undefined
        ? [{ status: 'VALIDATION PENDING', status_message: null }, { status: 'REJECTED', status_message: rejection }]
        : orderType === 'MARKET'
          ? [{ status: 'COMPLETE', status_message: null }]
          : [{ status: orderType === 'SL' || orderType === 'SL-M' ? 'TRIGGER PENDING' : 'OPEN', status_message: null }];
    const filled = rejection === undefined && orderType === 'MARKET';
    const order: KiteFakeOrder = {
      order_id: String(nextOrderNumber++),
      variety: 'regular',
      exchange,
      tradingsymbol,
      transaction_type: form.get('transaction_type') ?? '',
      product: form.get('product') ?? '',
      validity: form.get('validity') ?? 'DAY',
      tag: form.get('tag'),
      market_protection: form.get('market_protection'),
      algo_id: algoId,
      quantity,
      order_type: orderType,
      price: Number(form.get('price') ?? 0),
      trigger_price: Number(form.get('trigger_price') ?? 0),
      filled_quantity: filled ? quantity : 0,
      average_price: filled ? lastPrice : 0,
      states,
    };
    orders.push(order);
    return success({ order_id: order.order_id });
  };

  const currentStatus = (order: KiteFakeOrder) => order.states[0] ?? { status: 'OPEN', status_message: null };

  const findOpenOrder = (params: Readonly<Record<string, string>>, action: string): KiteFakeOrder | FakeReply => {
    const order = orders.find((candidate) => candidate.order_id === params.orderId);
    if (!order) return inputError('Invalid `order_id`.');
    const { status } = currentStatus(order);
    if (FINAL_STATUSES.includes(status)) return inputError(`Order cannot be ${action} as it is ${status.toLowerCase()}.`);
    return order;
  };

  const modifyOrder = (request: FakeRequest, params: Readonly<Record<string, string>>): FakeReply => {
    const found = findOpenOrder(params, 'modified');
    if ('status' in found) return found;
    const form = formOf(request);
    if (!form) return inputError('Body must be form-encoded');
    if (form.get('quantity') !== null) found.quantity = Number(form.get('quantity'));
    if (form.get('price') !== null) found.price = Number(form.get('price'));
    if (form.get('trigger_price') !== null) found.trigger_price = Number(form.get('trigger_price'));
    if (form.get('order_type') !== null) found.order_type = form.get('order_type') ?? found.order_type;
    return success({ order_id: found.order_id });
  };

  const cancelOrder = (_request: FakeRequest, params: Readonly<Record<string, string>>): FakeReply => {
    const found = findOpenOrder(params, 'cancelled');
    if ('status' in found) return found;
    found.states = [{ status: 'CANCELLED', status_message: null }];
    return success({ order_id: found.order_id });
  };

  const orderBook = (): FakeReply => {
    const rows = orders.map((order) => {
      const { status, status_message } = currentStatus(order);
      if (order.states.length > 1) order.states.shift();
      const { states: _states, algo_id: _algoId, ...fields } = order;
      return {
        ...fields,
        status,
        status_message,
        status_message_raw: status_message,
        pending_quantity: status === 'OPEN' || status === 'TRIGGER PENDING' ? order.quantity - order.filled_quantity : 0,
        cancelled_quantity: status === 'CANCELLED' ? order.quantity - order.filled_quantity : 0,
        disclosed_quantity: 0,
        placed_by: options.userId ?? 'AB1234',
        exchange_order_id: status === 'COMPLETE' ? `1100000${order.order_id.slice(-8)}` : null,
        parent_order_id: null,
        order_timestamp: '2026-01-05 10:00:00',
        exchange_timestamp: null,
        instrument_token: instrumentOf(order.exchange, order.tradingsymbol)?.instrumentToken ?? 0,
        tags: order.tag ? [order.tag] : [],
        guid: randomBytes(6).toString('hex'),
        modified: false,
      };
    });
    return success(rows);
  };

  const positions = (): FakeReply => {
    const net = new Map<string, { exchange: string; tradingsymbol: string; product: string; buyQty: number; buyValue: number; sellQty: number; sellValue: number }>();
    for (const order of orders) {
      if (currentStatus(order).status !== 'COMPLETE') continue;
      const key = `${order.exchange}|${order.tradingsymbol}|${order.product}`;
      const row = net.get(key) ?? { exchange: order.exchange, tradingsymbol: order.tradingsymbol, product: order.product, buyQty: 0, buyValue: 0, sellQty: 0, sellValue: 0 };
      if (order.transaction_type === 'BUY') {
        row.buyQty += order.filled_quantity;
        row.buyValue += order.filled_quantity * order.average_price;
      } else {
        row.sellQty += order.filled_quantity;
        row.sellValue += order.filled_quantity * order.average_price;
      }
      net.set(key, row);
    }
    const rows = [...net.values()].map((row) => {
      const quantity = row.buyQty - row.sellQty;
      const lastPrice = instrumentOf(row.exchange, row.tradingsymbol)?.lastPrice ?? 0;
      const averagePrice = quantity > 0 ? row.buyValue / row.buyQty : quantity < 0 ? row.sellValue / row.sellQty : 0;
      const unrealised = quantity * (lastPrice - averagePrice);
      return {
        tradingsymbol: row.tradingsymbol,
        exchange: row.exchange,
        instrument_token: instrumentOf(row.exchange, row.tradingsymbol)?.instrumentToken ?? 0,
        product: row.product,
        quantity,
        overnight_quantity: 0,
        multiplier: 1,
        average_price: averagePrice,
        close_price: lastPrice,
        last_price: lastPrice,
        value: row.sellValue - row.buyValue,
        pnl: unrealised,
        m2m: unrealised,
        unrealised,
        realised: 0,
        buy_quantity: row.buyQty,
        buy_value: row.buyValue,
        sell_quantity: row.sellQty,
        sell_value: row.sellValue,
      };
    });
    return success({ net: rows, day: rows });
  };

  const margins = (_request: FakeRequest, params: Readonly<Record<string, string>>): FakeReply => {
    if (params.segment !== 'equity' && params.segment !== 'commodity') return inputError('Invalid segment.');
    const used = orders
      .filter((order) => currentStatus(order).status === 'COMPLETE' && order.transaction_type === 'BUY')
      .reduce((sum, order) => sum + order.filled_quantity * order.average_price, 0);
    const cash = options.availableCash ?? 100_000;
    return success({
      enabled: true,
      net: cash - used,
      available: { adhoc_margin: 0, cash, opening_balance: cash, live_balance: cash - used, collateral: 0, intraday_payin: 0 },
      utilised: { debits: used, exposure: 0, m2m_realised: 0, m2m_unrealised: 0, option_premium: 0, payout: 0, span: 0, holding_sales: 0, turnover: 0 },
    });
  };

  const holdings = (): FakeReply => {
    const rows = demat.holdings().map((holding) => {
      const instrument = instrumentOf(holding.exchange, holding.symbol);
      const lastPrice = instrument?.lastPrice ?? holding.averagePrice;
      const units = holding.quantity + holding.t1Quantity;
      const dayChange = holding.closePrice === null ? 0 : lastPrice - holding.closePrice;
      return {
        tradingsymbol: holding.symbol,
        exchange: holding.exchange,
        instrument_token: instrument?.instrumentToken ?? 0,
        isin: holding.isin,
        product: 'CNC',
        price: 0,
        quantity: holding.quantity,
        used_quantity: 0,
        t1_quantity: holding.t1Quantity,
        realised_quantity: holding.quantity,
        authorised_quantity: 0,
        authorised_date: '2026-01-05 00:00:00',
        opening_quantity: holding.quantity,
        collateral_quantity: 0,
        collateral_type: '',
        discrepancy: false,
        average_price: holding.averagePrice,
        last_price: lastPrice,
        close_price: holding.closePrice ?? 0,
        pnl: units * (lastPrice - holding.averagePrice),
        day_change: dayChange,
        day_change_percentage: holding.closePrice ? (dayChange / holding.closePrice) * 100 : 0,
      };
    });
    return success(rows);
  };

  const MARGIN_PRODUCTS: Readonly<Record<string, FakeMarginProduct>> = { CNC: 'delivery', MTF: 'mtf', MIS: 'intraday', NRML: 'carryforward' };

  /** `POST /margins/orders`: a JSON list of orders, one margin entry back per order. */
  const orderMargins = (request: FakeRequest): FakeReply => {
    if (!request.headers['content-type']?.startsWith('application/json')) return inputError('Content-Type must be application/json');
    let asked: unknown;
    try {
      asked = JSON.parse(request.body);
    } catch {
      return inputError('Invalid JSON');
    }
    if (!Array.isArray(asked) || asked.length === 0) return inputError('Orders must be a non-empty list');
    const entries: unknown[] = [];
    for (const item of asked) {
      const order = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
      const exchange = String(order.exchange ?? '');
      const tradingsymbol = String(order.tradingsymbol ?? '');
      const instrument = instrumentOf(exchange, tradingsymbol);
      if (!instrument) return inputError('The instrument you are placing an order for has either expired or does not exist.');
      const product = MARGIN_PRODUCTS[String(order.product)];
      const side = String(order.transaction_type);
      const quantity = Number(order.quantity);
      if (!product || (side !== 'BUY' && side !== 'SELL') || !ORDER_TYPES.includes(String(order.order_type)) || !(quantity > 0)) {
        return inputError('Invalid order in the margin request.');
      }
      const price = order.order_type === 'MARKET' ? instrument.lastPrice : Number(order.price);
      const derivative = !['NSE', 'BSE'].includes(exchange);
      const option = derivative && isOptionSymbol(tradingsymbol);
      const total = fakeOrderMargin({ product, side, quantity, price, derivative, option });
      entries.push({
        type: exchange === 'MCX' ? 'commodity' : 'equity',
        tradingsymbol,
        exchange,
        span: derivative && !(option && side === 'BUY') ? total * 0.7 : 0,
        exposure: derivative && !(option && side === 'BUY') ? total * 0.3 : 0,
        option_premium: option && side === 'BUY' ? total : 0,
        additional: 0,
        bo: 0,
        cash: 0,
        var: derivative ? 0 : total,
        pnl: { realised: 0, unrealised: 0 },
        leverage: product === 'intraday' ? 5 : 1,
        charges: { transaction_tax: 0, exchange_turnover_charge: 0, sebi_turnover_charge: 0, brokerage: 0, stamp_duty: 0, gst: { igst: 0, cgst: 0, sgst: 0, total: 0 }, total: 0 },
        total,
      });
    }
    return success(entries);
  };

  const ltp = (request: FakeRequest): FakeReply => {
    const data: Record<string, { instrument_token: number; last_price: number }> = {};
    // `i` is EXCHANGE:TRADINGSYMBOL or a bare instrument_token; the answer is keyed by what was asked.
    for (const key of request.query.getAll('i')) {
      const [exchange = '', symbol = ''] = key.split(':');
      const instrument = key.includes(':')
        ? instrumentOf(exchange, symbol)
        : options.instruments.find((candidate) => String(candidate.instrumentToken) === key);
      if (instrument) data[key] = { instrument_token: instrument.instrumentToken, last_price: instrument.lastPrice };
    }
    return success(data);
  };

  const routes: FakeRoute[] = [
    { name: 'session', method: 'POST', path: '/session/token', handle: exchangeToken },
    { name: 'place', method: 'POST', path: '/orders/:variety', handle: authed(ipGuarded('place', placeOrder)) },
    { name: 'modify', method: 'PUT', path: '/orders/:variety/:orderId', handle: authed(ipGuarded('modify', modifyOrder)) },
    { name: 'cancel', method: 'DELETE', path: '/orders/:variety/:orderId', handle: authed(ipGuarded('cancel', cancelOrder)) },
    { name: 'orders', method: 'GET', path: '/orders', handle: authed(orderBook) },
    { name: 'positions', method: 'GET', path: '/portfolio/positions', handle: authed(positions) },
    { name: 'margins', method: 'GET', path: '/user/margins/:segment', handle: authed(margins) },
    { name: 'ltp', method: 'GET', path: '/quote/ltp', handle: authed(ltp) },
    { name: 'holdings', method: 'GET', path: '/portfolio/holdings', handle: authed(holdings) },
    { name: 'order-margins', method: 'POST', path: '/margins/orders', handle: authed(orderMargins) },
  ];

  const server = await startBrokerFakeServer({
    routes,
    rateLimitReply: () => failure(429, 'NetworkException', 'Too many requests'),
    serverErrorReply: (status) => failure(status, SERVER_ERROR_TYPES[status] ?? 'GeneralException', 'Something went wrong. Please try again.'),
    notFoundReply: () => failure(404, 'GeneralException', 'Route not found'),
  });

  return {
    url: server.url,
    server,
    apiKey: options.apiKey,
    ...staticIpControls(ipRules),
    issueRequestToken: () => {
      const token = randomBytes(16).toString('hex');
      issuedRequestTokens.add(token);
      return token;
    },
    accessToken: () => accessToken,
    invalidateSession: () => {
      sessionAlive = false;
    },
    orders: () => orders,
    endDay: () => {
      const fills = orders
        .filter((order) => order.product === 'CNC' && currentStatus(order).status === 'COMPLETE')
        .map((order) => ({ exchange: order.exchange, symbol: order.tradingsymbol, side: order.transaction_type === 'BUY' ? ('BUY' as const) : ('SELL' as const), quantity: order.filled_quantity, price: order.average_price }));
      demat.endDay(fills, (exchange, symbol) => instrumentOf(exchange, symbol)?.lastPrice);
      orders.length = 0;
    },
    inject: (call, fault) => {
      if (fault.kind === 'accept-then-reject') pendingRejections.push(fault.reason);
      else server.inject(call, fault);
    },
    stop: () => server.stop(),
  };
}
