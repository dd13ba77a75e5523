import { createHash, randomBytes } from 'node:crypto';
import { nowMs } from '../../functions/platform/clock';
import { startBrokerFakeServer, type BrokerFakeServer, type FakeReply, type FakeRequest, type FakeRoute, type TransportFault } from './broker-fake-server';
import { createFakeDemat, fakeOrderMargin, isOptionSymbol, type FakeHoldingSeed, type FakeMarginProduct } from './fake-demat';
import { createStaticIpRules, staticIpControls, type StaticIpControls, type StaticIpOptions } from './static-ip-rules';

/**
 * A faithful stand-in for Fyers API v3 (reference/brokers.md §5, §11): JSON bodies (DELETE included),
 * `Authorization: <app_id>:<access_token>`, `{s:'ok'|'error', code, message, …}` answers with the payload
 * beside the envelope, numeric `type`/`side`/`status`/`segment`, `1:`-prefixed tags in books, the
 * `appIdHash` token exchange, refresh with PIN, JWT-shaped tokens, an in-memory order book, and faults per call.
 * Codes the docs do not give for a case (login refusals, modify of a finished order, 5xx bodies) are marked UNVERIFIED.
 */

export interface FyersFakeInstrument {
  /** The symbol ticker (`NSE:SBIN-EQ`). */
  readonly symbol: string;
  readonly fyToken: string;
  /** 10 NSE, 11 MCX, 12 BSE. */
  readonly exchange: number;
  /** 10 cash, 11 equity F&O, 20 commodity. */
  readonly segment: number;
  readonly lotSize: number;
  readonly lastPrice: number;
}

export interface FyersFakeOrder {
  readonly id: string;
  readonly symbol: string;
  readonly side: number;
  readonly productType: string;
  readonly validity: string;
  readonly offlineOrder: boolean;
  /** The tag as sent (the book shows it as `1:<tag>`). */
  readonly orderTag: string | null;
  qty: number;
  type: number;
  limitPrice: number;
  stopPrice: number;
  filledQty: number;
  tradedPrice: number;
  /** Statuses still to be shown, one per order-book read; the last one stays. */
  states: { status: number; message: string }[];
}

/**
 * Faults of the order path: transport faults; a refusal with −99 and the reason; accepted then rejected
 * by RMS; or `code: 201` (sent on, no acknowledgement), with or without the order having been recorded.
 */
export type FyersFault =
  | TransportFault
  | { readonly kind: 'reject'; readonly reason: string }
  | { readonly kind: 'accept-then-reject'; readonly reason: string }
  | { readonly kind: 'no-acknowledgement'; readonly recorded: boolean };

export type FyersCall =
  | 'validate-authcode'
  | 'refresh'
  | 'profile'
  | 'place'
  | 'modify'
  | 'cancel'
  | 'orders'
  | 'positions'
  | 'funds'
  | 'quotes'
  | 'holdings'
  | 'margin';

/** Static-IP controls (static-ip-rules.ts) are keyed by the Fyers id (`fyId`, default FY1234). */
export interface FyersFake extends StaticIpControls {
  readonly url: string;
  readonly server: BrokerFakeServer;
  /** A fresh single-use auth code, as the login redirect would carry. */
  issueAuthCode(): string;
  /** The newest access token (seeded, or from the last exchange or refresh). */
  accessToken(): string;
  /** Every live access token now answers −8 "token expired"; the refresh token still renews. */
  expireAccessToken(): void;
  /** Every access token now answers −16 (logged out elsewhere). */
  invalidateSession(): void;
  /** Refresh tokens stop working too: only a new login helps. */
  expireRefreshToken(): void;
  orders(): readonly FyersFakeOrder[];
  /** The trading day ends: CNC fills go to the holdings (fake-demat.ts) and the day's order book is cleared. */
  endDay(): void;
  /** What the OMS reports for an order from now on (e.g. a status code the docs mark unused). */
  setOrderStatus(orderId: string, status: number, message?: string): void;
  inject(call: FyersCall, fault: FyersFault): void;
  stop(): Promise<void>;
}

export interface FyersFakeOptions extends StaticIpOptions {
  readonly appId: string;
  readonly appSecret: string;
  readonly pin: string;
  readonly fyId?: string;
  /** A live access token that already exists (tests that do not exercise the login). */
  readonly accessToken?: string;
  readonly instruments: readonly FyersFakeInstrument[];
  readonly availableCash?: number;
  readonly now?: () => number;
  /** Holdings the demat account starts with: `symbol` is the ticker (`NSE:SBIN-EQ`), `exchange` its prefix. */
  readonly holdings?: readonly FakeHoldingSeed[];
}

const ORDER_TYPES = [1, 2, 3, 4];
const SIDES = [1, -1];
const PRODUCT_TYPES = ['CNC', 'INTRADAY', 'MARGIN', 'CO', 'BO', 'MTF'];
const VALIDITIES = ['DAY', 'IOC'];
const FINAL_STATUSES = [1, 2, 5, 7];
const TAG_PATTERN = /^[A-Za-z0-9]{1,30}$/;
const CASH_SEGMENT = 10;
const FNO_SEGMENT = 11;
const QUOTES_LIMIT = 50;
const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;
const FUND_TITLES = [
  'Total Balance',
  'Utilized Amount',
  'Clear Balance',
  'Realized Profit and Loss',
  'Collaterals',
  'Fund Transfer',
  'Receivables',
  'Adhoc Limit',
  'Limit at start of the day',
  'Available Balance',
];

const ok = (payload: Record<string, unknown> = {}, code = 200, message = ''): FakeReply => ({
  status: 200,
  body: JSON.stringify({ s: 'ok', code, message, ...payload }),
});
const refused = (status: number, code: number, message: string, payload: Record<string, unknown> = {}): FakeReply => ({
  status,
  body: JSON.stringify({ s: 'error', code, message, ...payload }),
});
const invalidInput = (message: string) => refused(400, -50, message);
/**
 * An order call from an address not registered for the app. Fyers documents the rule (KB, rules from 1 Apr
 * 2026) but not the answer: this is its error envelope with its "order rejected" code (−99) — UNVERIFIED.
 */
const unregisteredIp = () => refused(403, -99, 'Request IP is not registered for this app: orders are accepted only from its static IP (IP not registered).');

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The first 06:00 IST after `at`: when the docs' sample access token expires. */
function nextSixAmIst(at: number): number {
  const ist = at + IST_OFFSET_MS;
  const sixToday = ist - (((ist % DAY_MS) + DAY_MS) % DAY_MS) + 6 * 3_600_000;
  return (ist < sixToday ? sixToday : sixToday + DAY_MS) - IST_OFFSET_MS;
}

export async function startFyersFake(options: FyersFakeOptions): Promise<FyersFake> {
  const now = options.now ?? nowMs;
  const fyId = options.fyId ?? 'FY1234';
  const issuedAuthCodes = new Set<string>();
  const liveAccessTokens = new Set<string>(options.accessToken ? [options.accessToken] : []);
  const expiredAccessTokens = new Set<string>();
  const loggedOutAccessTokens = new Set<string>();
  const liveRefreshTokens = new Set<string>();
  let newestAccessToken = options.accessToken ?? '';
  const orders: FyersFakeOrder[] = [];
  const pendingFaults: Exclude<FyersFault, TransportFault>[] = [];
  let nextOrderNumber = 26_010_500_000_001;
  const demat = createFakeDemat(options.holdings);
  const ipRules = createStaticIpRules(options);
  const ipGuarded = (route: string, handle: (request: FakeRequest) => FakeReply) => ipRules.guard(route, fyId, unregisteredIp, handle);

  const appIdHash = createHash('sha256').update(`${options.appId}:${options.appSecret}`).digest('hex');
  const instrumentOf = (symbol: string) => options.instruments.find((instrument) => instrument.symbol === symbol);

  /** JWT-shaped (unsigned) tokens with the claims Fyers' own carry. */
  const jwt = (subject: string, expiresAt: number) =>
    `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ iss: 'api.fyers.in', iat: Math.floor(now() / 1000), exp: Math.floor(expiresAt / 1000), sub: subject, fy_id: fyId })}.${randomBytes(16).toString('base64url')}`;

  const issueAccessToken = () => {
    newestAccessToken = jwt('access_token', nextSixAmIst(now()));
    liveAccessTokens.add(newestAccessToken);
    return newestAccessToken;
  };

  const jsonOf = (request: FakeRequest): Record<string, unknown> | null => {
    if (!request.headers['content-type']?.startsWith('application/json')) return null;
    try {
      const parsed: unknown = JSON.parse(request.body);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.fromEntries(Object.entries(parsed)) : null;
    } catch {
      return null;
    }
  };
  const numberField = (body: Record<string, unknown>, field: string): number | null => {
    const value = body[field];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  };
  const textField = (body: Record<string, unknown>, field: string): string | null => {
    const value = body[field];
    return typeof value === 'string' ? value : null;
  };

  /** Header contract (§5.2): `<app_id>:<access_token>`, no scheme. */
  const authProblem = (request: FakeRequest): FakeReply | null => {
    const [appId = '', token = '', ...rest] = (request.headers.authorization ?? '').split(':');
    if (rest.length > 0 || appId === '' || token === '') return refused(401, -16, 'Could not authenticate the user');
    if (appId !== options.appId) return refused(401, -352, 'Invalid app id');
    if (expiredAccessTokens.has(token)) return refused(401, -8, 'Your token has expired. Please generate a token');
    if (loggedOutAccessTokens.has(token)) return refused(401, -16, 'Could not authenticate the user');
    if (!liveAccessTokens.has(token)) return refused(401, -15, 'Please provide a valid token');
    return null;
  };

  const authed =
    (handle: (request: FakeRequest) => FakeReply) =>
    (request: FakeRequest): FakeReply =>
      authProblem(request) ?? handle(request);

  const validateAuthCode = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    if (!body) return invalidInput('Request body must be JSON');
    if (textField(body, 'grant_type') !== 'authorization_code') return invalidInput('Invalid grant_type');
    if (textField(body, 'appIdHash') !== appIdHash) return refused(400, -352, 'Invalid app id hash'); // UNVERIFIED code
    if (!issuedAuthCodes.delete(textField(body, 'code') ?? '')) return refused(400, -17, 'Auth code is invalid or expired'); // UNVERIFIED code
    const refreshToken = jwt('refresh_token', now() + 15 * DAY_MS);
    liveRefreshTokens.add(refreshToken);
    return ok({ access_token: issueAccessToken(), refresh_token: refreshToken });
  };

  const validateRefreshToken = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    if (!body) return invalidInput('Request body must be JSON');
    if (textField(body, 'grant_type') !== 'refresh_token') return invalidInput('Invalid grant_type');
    if (textField(body, 'appIdHash') !== appIdHash) return refused(400, -352, 'Invalid app id hash'); // UNVERIFIED code
    if (!liveRefreshTokens.has(textField(body, 'refresh_token') ?? '')) return refused(400, -17, 'Refresh token is invalid or expired'); // UNVERIFIED code
    if (textField(body, 'pin') !== options.pin) return refused(400, -50, 'Invalid pin'); // UNVERIFIED code
    return ok({ access_token: issueAccessToken() });
  };

  const profile = (): FakeReply =>
    ok({
      data: {
        name: 'FAKE TRADER',
        display_name: 'Fake',
        fy_id: fyId,
        email_id: 'f***@example.com',
        PAN: 'AB***1234Z',
        totp: true,
        ddpi_enabled: false,
        mtf_enabled: false,
      },
    });

  const placeProblem = (body: Record<string, unknown>): FakeReply | null => {
    const instrument = instrumentOf(textField(body, 'symbol') ?? '');
    if (!instrument) return refused(400, -300, 'Invalid symbol');
    const qty = numberField(body, 'qty');
    if (qty === null || !Number.isInteger(qty) || qty <= 0) return invalidInput('Invalid qty');
    if (instrument.segment === FNO_SEGMENT && qty % instrument.lotSize !== 0) return invalidInput('Quantity should be multiples of the lot size.');
    const type = numberField(body, 'type');
    if (type === null || !ORDER_TYPES.includes(type)) return invalidInput('Invalid order type');
    const side = numberField(body, 'side');
    if (side === null || !SIDES.includes(side)) return invalidInput('Invalid side');
    const productType = textField(body, 'productType') ?? '';
    if (!PRODUCT_TYPES.includes(productType)) return invalidInput('Invalid productType');
    if (productType === 'CNC' && instrument.segment !== CASH_SEGMENT) return invalidInput('CNC is allowed for equity only');
    if (productType === 'MARGIN' && instrument.segment === CASH_SEGMENT) return invalidInput('MARGIN is allowed for derivatives only');
    const missing = ['limitPrice', 'stopPrice', 'disclosedQty', 'stopLoss', 'takeProfit'].find((field) => numberField(body, field) === null);
    if (missing) return invalidInput(`${missing} is mandatory`);
    if (!VALIDITIES.includes(textField(body, 'validity') ?? '')) return invalidInput('Invalid validity');
    if (typeof body.offlineOrder !== 'boolean') return invalidInput('offlineOrder is mandatory');
    const limitPrice = numberField(body, 'limitPrice') ?? 0;
    const stopPrice = numberField(body, 'stopPrice') ?? 0;
    if ((type === 1 || type === 4) && !(limitPrice > 0)) return invalidInput('Invalid limitPrice');
    if ((type === 3 || type === 4) && !(stopPrice > 0)) return invalidInput('Invalid stopPrice');
    if (type === 2 && (limitPrice !== 0 || stopPrice !== 0)) return invalidInput('limitPrice and stopPrice should be 0 for market orders');
    if (type === 1 && stopPrice !== 0) return invalidInput('stopPrice should be 0 for limit orders');
    const tag = body.orderTag;
    if (tag !== undefined) {
      if (typeof tag !== 'string' || !TAG_PATTERN.test(tag) || tag === 'Untagged' || tag === fyId) return invalidInput('Invalid orderTag');
      if (productType === 'CO' || productType === 'BO') return invalidInput('orderTag is not supported for CO and BO');
    }
    return null;
  };

  const record = (body: Record<string, unknown>, states: FyersFakeOrder['states'], filled: boolean): FyersFakeOrder => {
    const symbol = textField(body, 'symbol') ?? '';
    const qty = numberField(body, 'qty') ?? 0;
    const order: FyersFakeOrder = {
      id: String(nextOrderNumber++),
      symbol,
      side: numberField(body, 'side') ?? 0,
      productType: textField(body, 'productType') ?? '',
      validity: textField(body, 'validity') ?? 'DAY',
      offlineOrder: body.offlineOrder === true,
      orderTag: textField(body, 'orderTag'),
      qty,
      type: numberField(body, 'type') ?? 0,
      limitPrice: numberField(body, 'limitPrice') ?? 0,
      stopPrice: numberField(body, 'stopPrice') ?? 0,
      filledQty: filled ? qty : 0,
      tradedPrice: filled ? (instrumentOf(symbol)?.lastPrice ?? 0) : 0,
      states,
    };
    orders.push(order);
    return order;
  };

  const placeOrder = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    if (!body) return invalidInput('Request body must be JSON');
    const problem = placeProblem(body);
    if (problem) return problem;
    const fault = pendingFaults.shift();
    if (fault?.kind === 'reject') {
      const order = record(body, [{ status: 5, message: fault.reason }], false);
      return refused(400, -99, fault.reason, { id: order.id });
    }
    if (fault?.kind === 'no-acknowledgement') {
      if (fault.recorded) record(body, [{ status: 2, message: '' }], true);
      return ok({}, 201, 'Order request sent, acknowledgement not received. Please check the order book.'); // UNVERIFIED text
    }
    if (fault?.kind === 'accept-then-reject') {
      const order = record(body, [{ status: 4, message: '' }, { status: 5, message: fault.reason }], false);
      return ok({ id: order.id }, 1101, `Order submitted successfully. Your Order Ref. No.${order.id}`);
    }
    const market = numberField(body, 'type') === 2;
    const order = record(body, [{ status: market ? 2 : 6, message: '' }], market);
    return ok({ id: order.id }, 1101, `Order submitted successfully. Your Order Ref. No.${order.id}`);
  };

  const currentState = (order: FyersFakeOrder) => order.states[0] ?? { status: 6, message: '' };

  const workingOrder = (body: Record<string, unknown>, action: string): FyersFakeOrder | FakeReply => {
    const id = textField(body, 'id');
    if (!id) return invalidInput('id is mandatory');
    const order = orders.find((candidate) => candidate.id === id);
    if (!order) return refused(400, -51, 'Invalid order id');
    if (FINAL_STATUSES.includes(currentState(order).status)) return invalidInput(`Order cannot be ${action} as it is not pending`); // UNVERIFIED code
    return order;
  };

  const modifyOrder = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    if (!body) return invalidInput('Request body must be JSON');
    const found = workingOrder(body, 'modified');
    if ('status' in found) return found;
    const type = numberField(body, 'type');
    if (type === null || !ORDER_TYPES.includes(type)) return invalidInput('type is mandatory');
    const qty = body.qty === undefined ? found.qty : numberField(body, 'qty');
    const lotSize = instrumentOf(found.symbol)?.lotSize ?? 1;
    if (qty === null || !Number.isInteger(qty) || qty <= 0 || qty % lotSize !== 0) return invalidInput('Invalid qty');
    found.type = type;
    found.qty = qty;
    found.limitPrice = numberField(body, 'limitPrice') ?? found.limitPrice;
    found.stopPrice = numberField(body, 'stopPrice') ?? found.stopPrice;
    return ok({ id: found.id }, 1102, 'Successfully modified order');
  };

  const cancelOrder = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    if (!body) return invalidInput('Request body must be JSON');
    const found = workingOrder(body, 'cancelled');
    if ('status' in found) return found;
    found.states = [{ status: 1, message: '' }];
    return ok({ id: found.id }, 1103, 'Successfully cancelled order');
  };

  const bookRow = (order: FyersFakeOrder, slNo: number) => {
    const { status, message } = currentState(order);
    if (order.states.length > 1) order.states.shift();
    const instrument = instrumentOf(order.symbol);
    return {
      clientId: fyId,
      id: order.id,
      id_fyers: randomBytes(16).toString('hex'),
      exchOrdId: status === 2 ? `1100000${order.id.slice(-9)}` : '',
      qty: order.qty,
      remainingQuantity: status === 6 ? order.qty - order.filledQty : 0,
      filledQty: order.filledQty,
      discloseQty: 0,
      limitPrice: order.limitPrice,
      stopPrice: order.stopPrice,
      tradedPrice: order.tradedPrice,
      type: order.type,
      fyToken: instrument?.fyToken ?? '',
      exchange: instrument?.exchange ?? 10,
      segment: instrument?.segment ?? CASH_SEGMENT,
      symbol: order.symbol,
      instrument: 0,
      message,
      offlineOrder: order.offlineOrder,
      orderDateTime: '05-Jan-2026 10:00:00',
      orderValidity: order.validity,
      pan: '',
      productType: order.productType,
      side: order.side,
      status,
      source: 'API',
      ex_sym: order.symbol.split(':')[1] ?? '',
      description: order.symbol,
      ch: 0,
      chp: 0,
      lp: instrument?.lastPrice ?? 0,
      slNo,
      dqQtyRem: 0,
      orderNumStatus: `${order.id}:${status}`,
      disclosedQty: 0,
      orderTag: order.orderTag ? `1:${order.orderTag}` : '2:Untagged',
      takeProfit: 0,
      stopLoss: 0,
    };
  };

  const orderBook = (request: FakeRequest): FakeReply => {
    const id = request.query.get('id');
    if (id !== null) {
      const order = orders.find((candidate) => candidate.id === id);
      return order ? ok({ orderBook: [bookRow(order, 1)] }) : refused(400, -51, 'Invalid order id');
    }
    return ok({ orderBook: orders.map((order, index) => bookRow(order, index + 1)) });
  };

  const positions = (): FakeReply => {
    const net = new Map<string, { order: FyersFakeOrder; buyQty: number; buyVal: number; sellQty: number; sellVal: number }>();
    for (const order of orders) {
      if (currentState(order).status !== 2) continue;
      const key = `${order.symbol}-${order.productType}`;
      const row = net.get(key) ?? { order, buyQty: 0, buyVal: 0, sellQty: 0, sellVal: 0 };
      if (order.side === 1) {
        row.buyQty += order.filledQty;
        row.buyVal += order.filledQty * order.tradedPrice;
      } else {
        row.sellQty += order.filledQty;
        row.sellVal += order.filledQty * order.tradedPrice;
      }
      net.set(key, row);
    }
    const rows = [...net.entries()].map(([id, { order, buyQty, buyVal, sellQty, sellVal }], index) => {
      const instrument = instrumentOf(order.symbol);
      const ltp = instrument?.lastPrice ?? 0;
      const netQty = buyQty - sellQty;
      const buyAvg = buyQty > 0 ? buyVal / buyQty : 0;
      const sellAvg = sellQty > 0 ? sellVal / sellQty : 0;
      const netAvg = netQty !== 0 ? (buyVal - sellVal) / netQty : 0;
      const realized = Math.min(buyQty, sellQty) * (sellAvg - buyAvg);
      const unrealized = sellVal - buyVal + netQty * ltp - realized;
      return {
        netQty,
        qty: Math.abs(netQty),
        avgPrice: netQty >= 0 ? buyAvg : sellAvg,
        netAvg,
        side: Math.sign(netQty),
        productType: order.productType,
        realized_profit: realized,
        unrealized_profit: unrealized,
        pl: realized + unrealized,
        ltp,
        buyQty,
        buyAvg,
        buyVal,
        sellQty,
        sellAvg,
        sellVal,
        slNo: index,
        fyToken: instrument?.fyToken ?? '',
        crossCurrency: 'N',
        rbiRefRate: 1.0,
        qtyMulti_com: 1.0,
        segment: instrument?.segment ?? CASH_SEGMENT,
        symbol: order.symbol,
        id,
        cfBuyQty: 0,
        cfSellQty: 0,
        dayBuyQty: buyQty,
        daySellQty: sellQty,
        exchange: instrument?.exchange ?? 10,
      };
    });
    const sum = (field: 'realized_profit' | 'unrealized_profit') => rows.reduce((total, row) => total + row[field], 0);
    return ok({
      netPositions: rows,
      overall: {
        count_total: rows.length,
        count_open: rows.filter((row) => row.netQty !== 0).length,
        pl_total: sum('realized_profit') + sum('unrealized_profit'),
        pl_realized: sum('realized_profit'),
        pl_unrealized: sum('unrealized_profit'),
      },
    });
  };

  const funds = (): FakeReply => {
    const used = orders
      .filter((order) => currentState(order).status === 2 && order.side === 1)
      .reduce((total, order) => total + order.filledQty * order.tradedPrice, 0);
    const cash = options.availableCash ?? 100_000;
    const amounts: Readonly<Record<string, number>> = {
      'Total Balance': cash,
      'Utilized Amount': used,
      'Clear Balance': cash - used,
      'Limit at start of the day': cash,
      'Available Balance': cash - used,
    };
    return ok({ fund_limit: FUND_TITLES.map((title, index) => ({ id: index + 1, title, equityAmount: amounts[title] ?? 0, commodityAmount: 0 })) });
  };

  const quotes = (request: FakeRequest): FakeReply => {
    const symbols = (request.query.get('symbols') ?? '').split(',').filter((symbol) => symbol !== '');
    if (symbols.length === 0 || symbols.length > QUOTES_LIMIT) return invalidInput(`Provide 1-${QUOTES_LIMIT} symbols`);
    const d = symbols.map((symbol) => {
      const instrument = instrumentOf(symbol);
      if (!instrument) return { n: symbol, s: 'error', v: { s: 'error', code: -300, errmsg: 'invalid symbol' } }; // UNVERIFIED shape
      return {
        n: symbol,
        s: 'ok',
        v: {
          ch: 0,
          chp: 0,
          lp: instrument.lastPrice,
          spread: 0.05,
          ask: instrument.lastPrice,
          bid: instrument.lastPrice - 0.05,
          open_price: instrument.lastPrice,
          high_price: instrument.lastPrice,
          low_price: instrument.lastPrice,
          prev_close_price: instrument.lastPrice,
          atp: instrument.lastPrice,
          volume: 1000,
          short_name: symbol.split(':')[1] ?? symbol,
          exchange: symbol.split(':')[0] ?? '',
          description: symbol,
          original_name: symbol,
          symbol,
          fyToken: instrument.fyToken,
          tt: String(Math.floor(now() / 1000)),
        },
      };
    });
    return ok({ d });
  };

  /** `GET /api/v3/holdings`: one row per script and holding type (HLD settled, T1 not yet delivered), and `overall`. */
  const holdings = (): FakeReply => {
    const rows = demat.holdings().flatMap((holding, index) => {
      const instrument = instrumentOf(holding.symbol);
      const ltp = instrument?.lastPrice ?? holding.averagePrice;
      const lots = [
        { holdingType: 'HLD', quantity: holding.quantity },
        { holdingType: 'T1', quantity: holding.t1Quantity },
      ].filter((lot) => lot.quantity > 0);
      return lots.map((lot) => ({
        holdingType: lot.holdingType,
        quantity: lot.quantity,
        costPrice: holding.averagePrice,
        marketVal: lot.quantity * ltp,
        remainingQuantity: lot.quantity,
        pl: lot.quantity * (ltp - holding.averagePrice),
        ltp,
        id: index + 1,
        fyToken: instrument?.fyToken ?? '',
        exchange: instrument?.exchange ?? 10,
        symbol: holding.symbol,
        segment: instrument?.segment ?? CASH_SEGMENT,
        isin: holding.isin,
        qty_t1: lot.holdingType === 'T1' ? lot.quantity : 0,
        remainingPledgeQuantity: 0,
        collateralQuantity: 0,
      }));
    });
    const invested = rows.reduce((sum, row) => sum + row.quantity * row.costPrice, 0);
    const current = rows.reduce((sum, row) => sum + row.marketVal, 0);
    return ok({
      holdings: rows,
      overall: {
        count_total: rows.length,
        pnl_perc: invested === 0 ? 0 : ((current - invested) / invested) * 100,
        total_current_value: current,
        total_investment: invested,
        total_pl: current - invested,
      },
    });
  };

  const MARGIN_PRODUCTS: Readonly<Record<string, FakeMarginProduct>> = { CNC: 'delivery', MTF: 'mtf', INTRADAY: 'intraday', MARGIN: 'carryforward', CO: 'intraday', BO: 'intraday' };

  /** Margin in use now: what the day's filled buys took (as the funds call counts it). */
  const usedMargin = () =>
    orders.filter((order) => currentState(order).status === 2 && order.side === 1).reduce((total, order) => total + order.filledQty * order.tradedPrice, 0);

  /** `POST /api/v3/multiorder/margin` `{data:[…]}`: what the orders add, what the account has free, and the total after them. */
  const margin = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    const asked = body?.data;
    if (!Array.isArray(asked) || asked.length === 0 || asked.length > 10) return invalidInput('Provide 1-10 orders in data');
    let added = 0;
    for (const item of asked) {
      const order: Record<string, unknown> = typeof item === 'object' && item !== null ? Object.fromEntries(Object.entries(item)) : {};
      const instrument = instrumentOf(textField(order, 'symbol') ?? '');
      if (!instrument) return refused(400, -300, 'Invalid symbol');
      const qty = numberField(order, 'qty');
      const side = numberField(order, 'side');
      const type = numberField(order, 'type');
      const product = MARGIN_PRODUCTS[textField(order, 'productType') ?? ''];
      if (qty === null || qty <= 0 || (side !== 1 && side !== -1) || type === null || !ORDER_TYPES.includes(type) || !product) {
        return invalidInput('Invalid order in data');
      }
      const price = type === 2 || type === 3 ? instrument.lastPrice : (numberField(order, 'limitPrice') ?? instrument.lastPrice);
      const derivative = instrument.segment !== CASH_SEGMENT;
      const option = derivative && isOptionSymbol(instrument.symbol);
      added += fakeOrderMargin({ product, side: side === 1 ? 'BUY' : 'SELL', quantity: qty, price, derivative, option });
    }
    const available = (options.availableCash ?? 100_000) - usedMargin();
    return ok({ data: { margin_avail: available, margin_total: usedMargin() + added, margin_new_order: added } });
  };

  const routes: FakeRoute[] = [
    { name: 'validate-authcode', method: 'POST', path: '/api/v3/validate-authcode', handle: validateAuthCode },
    { name: 'refresh', method: 'POST', path: '/api/v3/validate-refresh-token', handle: validateRefreshToken },
    { name: 'profile', method: 'GET', path: '/api/v3/profile', handle: authed(profile) },
    { name: 'place', method: 'POST', path: '/api/v3/orders/sync', handle: authed(ipGuarded('place', placeOrder)) },
    { name: 'modify', method: 'PATCH', path: '/api/v3/orders/sync', handle: authed(ipGuarded('modify', modifyOrder)) },
    { name: 'cancel', method: 'DELETE', path: '/api/v3/orders/sync', handle: authed(ipGuarded('cancel', cancelOrder)) },
    { name: 'orders', method: 'GET', path: '/api/v3/orders', handle: authed(orderBook) },
    { name: 'positions', method: 'GET', path: '/api/v3/positions', handle: authed(positions) },
    { name: 'funds', method: 'GET', path: '/api/v3/funds', handle: authed(funds) },
    { name: 'quotes', method: 'GET', path: '/data/quotes', handle: authed(quotes) },
    { name: 'holdings', method: 'GET', path: '/api/v3/holdings', handle: authed(holdings) },
    { name: 'margin', method: 'POST', path: '/api/v3/multiorder/margin', handle: authed(margin) },
  ];

  const server = await startBrokerFakeServer({
    routes,
    rateLimitReply: () => refused(429, -429, 'request limit reached'),
    serverErrorReply: (status) => ({ status, body: JSON.stringify({ s: 'error', message: 'Internal Server Error' }) }), // UNVERIFIED body
    notFoundReply: () => ({ status: 404, body: JSON.stringify({ s: 'error', message: 'Not Found' }) }), // UNVERIFIED body
  });

  return {
    url: server.url,
    server,
    ...staticIpControls(ipRules),
    issueAuthCode: () => {
      const code = jwt('auth_code', now() + 5 * 60_000);
      issuedAuthCodes.add(code);
      return code;
    },
    accessToken: () => newestAccessToken,
    expireAccessToken: () => {
      for (const token of liveAccessTokens) expiredAccessTokens.add(token);
      liveAccessTokens.clear();
    },
    invalidateSession: () => {
      for (const token of liveAccessTokens) loggedOutAccessTokens.add(token);
      liveAccessTokens.clear();
    },
    expireRefreshToken: () => liveRefreshTokens.clear(),
    orders: () => orders,
    endDay: () => {
      const fills = orders
        .filter((order) => order.productType === 'CNC' && currentState(order).status === 2)
        .map((order) => ({ exchange: order.symbol.split(':')[0] ?? '', symbol: order.symbol, side: order.side === 1 ? ('BUY' as const) : ('SELL' as const), quantity: order.filledQty, price: order.tradedPrice }));
      demat.endDay(fills, (_exchange, symbol) => instrumentOf(symbol)?.lastPrice);
      orders.length = 0;
    },
    setOrderStatus: (orderId, status, message = '') => {
      const order = orders.find((candidate) => candidate.id === orderId);
      if (order) order.states = [{ status, message }];
    },
    inject: (call, fault) => {
      if (fault.kind === 'reject' || fault.kind === 'accept-then-reject' || fault.kind === 'no-acknowledgement') pendingFaults.push(fault);
      else server.inject(call, fault);
    },
    stop: () => server.stop(),
  };
}
