import { createHmac, randomBytes } from 'node:crypto';
import { nowMs } from '../../functions/platform/clock';
import { startBrokerFakeServer, type BrokerFakeServer, type FakeReply, type FakeRequest, type FakeRoute, type TransportFault } from './broker-fake-server';
import { createFakeDemat, fakeOrderMargin, isOptionSymbol, type FakeHoldingSeed, type FakeMarginProduct } from './fake-demat';
import { createStaticIpRules, staticIpControls, type StaticIpControls, type StaticIpOptions } from './static-ip-rules';

/**
 * A faithful stand-in for Angel One SmartAPI (reference/brokers.md §3, §11): JSON bodies, the SmartAPI
 * header set, `{status, message, errorcode, data}` envelopes with errors on HTTP 200, TOTP login,
 * JWT refresh, string-typed numbers in books, an in-memory order book, and fault injection per call.
 * Error codes for login and header failures are not documented (§3.9) and are marked UNVERIFIED.
 */

export interface AngelFakeInstrument {
  readonly exchange: string;
  readonly tradingsymbol: string;
  readonly symboltoken: string;
  readonly ltp: number;
}

export interface AngelFakeOrder {
  readonly orderid: string;
  readonly uniqueorderid: string;
  readonly exchange: string;
  readonly tradingsymbol: string;
  readonly symboltoken: string;
  readonly transactiontype: string;
  readonly producttype: string;
  readonly duration: string;
  readonly ordertag: string;
  variety: string;
  ordertype: string;
  quantity: number;
  price: number;
  triggerprice: number;
  filledshares: number;
  averageprice: number;
  /** Statuses still to be shown, one per order-book read; the last one stays. */
  states: { status: string; text: string }[];
}

export type AngelFault = TransportFault | { readonly kind: 'accept-then-reject'; readonly reason: string };

export type AngelCall = 'login' | 'refresh' | 'place' | 'modify' | 'cancel' | 'orders' | 'positions' | 'funds' | 'quote' | 'holdings' | 'margin';

/** Static-IP controls (static-ip-rules.ts) are keyed by the client code. */
export interface AngelFake extends StaticIpControls {
  readonly url: string;
  readonly server: BrokerFakeServer;
  orders(): readonly AngelFakeOrder[];
  /** The trading day ends: DELIVERY fills go to the holdings (fake-demat.ts) and the day's order book is cleared. */
  endDay(): void;
  /** The JWT of the current session stops working with AG8002 "Token Expired"; the refresh token still renews it. */
  expireJwt(): void;
  /** Refresh tokens stop working too: only a new login helps. */
  expireRefreshToken(): void;
  /** Seeds a live session, returning its tokens (for tests that do not exercise login). */
  seedSession(): { jwtToken: string; refreshToken: string; feedToken: string };
  inject(call: AngelCall, fault: AngelFault): void;
  stop(): Promise<void>;
}

export interface AngelFakeOptions extends StaticIpOptions {
  readonly apiKey: string;
  readonly clientCode: string;
  readonly pin: string;
  /** Base32, as shown to the user when enabling TOTP. */
  readonly totpSecret: string;
  readonly instruments: readonly AngelFakeInstrument[];
  readonly availableCash?: number;
  readonly now?: () => number;
  /** Holdings the demat account starts with (symbols as Angel spells them, e.g. SBIN-EQ). */
  readonly holdings?: readonly FakeHoldingSeed[];
}

const VARIETY_ORDER_TYPES: Readonly<Record<string, readonly string[]>> = {
  NORMAL: ['MARKET', 'LIMIT'],
  STOPLOSS: ['STOPLOSS_LIMIT', 'STOPLOSS_MARKET'],
  ROBO: ['LIMIT'],
};
const PRODUCT_TYPES = ['DELIVERY', 'CARRYFORWARD', 'MARGIN', 'INTRADAY', 'BO'];
const TRANSACTION_TYPES = ['BUY', 'SELL'];
const FINAL_STATUSES = ['complete', 'rejected', 'cancelled'];
const REQUIRED_CLIENT_HEADERS = ['x-usertype', 'x-sourceid', 'x-clientlocalip', 'x-clientpublicip', 'x-macaddress'];

const ok = (data: unknown): FakeReply => ({ status: 200, body: JSON.stringify({ status: true, message: 'SUCCESS', errorcode: '', data }) });
/** Angel answers most failures with HTTP 200 and status:false (§3.9). */
const refused = (errorcode: string, message: string, status = 200): FakeReply => ({
  status,
  body: JSON.stringify({ status: false, message, errorcode, data: null }),
});

function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** RFC 6238 (SHA-1, 6 digits, 30 s), written independently of the adapter's so the fake checks it. */
function totpFor(secret: string, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export async function startAngelFake(options: AngelFakeOptions): Promise<AngelFake> {
  const now = options.now ?? nowMs;
  const liveJwts = new Set<string>();
  const expiredJwts = new Set<string>();
  const liveRefreshTokens = new Set<string>();
  const orders: AngelFakeOrder[] = [];
  const pendingRejections: string[] = [];
  let nextOrderNumber = 260_105_000_000_001;
  const demat = createFakeDemat(options.holdings);
  const ipRules = createStaticIpRules(options);
  /** Order calls from an address not registered for the client code: AG7002 "Unregistered IP" (FORUM angel-algo_trader). */
  const ipGuarded = (route: string, handle: (request: FakeRequest) => FakeReply) =>
    ipRules.guard(route, options.clientCode, () => refused('AG7002', 'Unregistered IP'), handle);

  const instrumentOf = (exchange: string, token: string) =>
    options.instruments.find((instrument) => instrument.exchange === exchange && instrument.symboltoken === token);

  const issueTokens = () => {
    const tokens = { jwtToken: `eyJ${randomBytes(24).toString('hex')}`, refreshToken: randomBytes(24).toString('hex'), feedToken: randomBytes(12).toString('hex') };
    liveJwts.add(tokens.jwtToken);
    liveRefreshTokens.add(tokens.refreshToken);
    return tokens;
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
  const text = (body: Record<string, unknown>, field: string): string => {
    const value = body[field];
    return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  };

  /** Header contract (§3.2). */
  const headerProblem = (request: FakeRequest): FakeReply | null => {
    if (request.headers['x-privatekey'] !== options.apiKey) return refused('AG8004', 'Invalid API Key'); // UNVERIFIED code
    const missing = REQUIRED_CLIENT_HEADERS.find((name) => !request.headers[name]);
    if (missing) return refused('AB4000', `Missing header ${missing}`, 400); // UNVERIFIED code
    return null;
  };

  const bearerOf = (request: FakeRequest): string | null => {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
  };

  const secured =
    (handle: (request: FakeRequest) => FakeReply) =>
    (request: FakeRequest): FakeReply => {
      const headers = headerProblem(request);
      if (headers) return headers;
      const jwt = bearerOf(request);
      if (jwt === null) return refused('AG8003', 'Token missing');
      if (expiredJwts.has(jwt)) return refused('AG8002', 'Token Expired');
      if (!liveJwts.has(jwt)) return refused('AG8001', 'Invalid Token');
      return handle(request);
    };

  const login = (request: FakeRequest): FakeReply => {
    const headers = headerProblem(request);
    if (headers) return headers;
    const body = jsonOf(request);
    if (!body) return refused('AB4000', 'Request body must be JSON'); // UNVERIFIED code
    if (text(body, 'clientcode') !== options.clientCode || text(body, 'password') !== options.pin) {
      return refused('AB1007', 'Invalid clientcode or password'); // UNVERIFIED code
    }
    const at = now();
    const accepted = [at - 30_000, at, at + 30_000].map((moment) => totpFor(options.totpSecret, moment));
    if (!accepted.includes(text(body, 'totp'))) return refused('AB1050', 'Invalid totp'); // UNVERIFIED code
    return ok(issueTokens());
  };

  const refresh = (request: FakeRequest): FakeReply => {
    const headers = headerProblem(request);
    if (headers) return headers;
    const jwt = bearerOf(request);
    const body = jsonOf(request);
    const refreshToken = body ? text(body, 'refreshToken') : '';
    if (jwt === null || !(liveJwts.has(jwt) || expiredJwts.has(jwt))) return refused('AG8001', 'Invalid Token');
    if (!liveRefreshTokens.delete(refreshToken)) return refused('AB8050', 'Invalid refresh token');
    return ok(issueTokens());
  };

  const orderProblem = (body: Record<string, unknown>): FakeReply | null => {
    const variety = text(body, 'variety');
    const allowedTypes = VARIETY_ORDER_TYPES[variety];
    if (!allowedTypes) return refused('AB1008', 'Invalid variety');
    if (!allowedTypes.includes(text(body, 'ordertype'))) return refused('AB1008', 'Invalid ordertype for variety');
    const instrument = instrumentOf(text(body, 'exchange'), text(body, 'symboltoken'));
    if (!instrument || instrument.tradingsymbol !== text(body, 'tradingsymbol')) return refused('AB1009', 'Symbol not found');
    if (!PRODUCT_TYPES.includes(text(body, 'producttype'))) return refused('AB1012', 'Invalid product type');
    if (!TRANSACTION_TYPES.includes(text(body, 'transactiontype'))) return refused('AB4000', 'Invalid transactiontype');
    const quantity = Number(text(body, 'quantity'));
    if (!Number.isInteger(quantity) || quantity <= 0) return refused('AB4000', 'Invalid quantity');
    const orderType = text(body, 'ordertype');
    if ((orderType === 'LIMIT' || orderType === 'STOPLOSS_LIMIT') && !(Number(text(body, 'price')) > 0)) return refused('AB4000', 'Invalid price');
    if (variety === 'STOPLOSS' && !(Number(text(body, 'triggerprice')) > 0)) return refused('AB4000', 'Invalid triggerprice');
    if (text(body, 'ordertag').length > 20) return refused('AB4008', 'Ordertag length should not exceed 20 characters');
    return null;
  };

  const placeOrder = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    if (!body) return refused('AB4000', 'Request body must be JSON');
    const problem = orderProblem(body);
    if (problem) return problem;
    const ordertype = text(body, 'ordertype');
    const quantity = Number(text(body, 'quantity'));
    const ltp = instrumentOf(text(body, 'exchange'), text(body, 'symboltoken'))?.ltp ?? 0;
    const rejection = pendingRejections.shift();
    const filled = rejection === undefined && ordertype === 'MARKET';
    const states: AngelFakeOrder['states'] =
      rejection !== undefined
        ? [{ status: 'open pending', text: '' }, { status: 'rejected', text: rejection }]
        : filled
          ? [{ status: 'complete', text: '' }]
          : [{ status: text(body, 'variety') === 'STOPLOSS' ? 'trigger pending' : 'open', text: '' }];
    const order: AngelFakeOrder = {
      orderid: String(nextOrderNumber++),
      uniqueorderid: randomBytes(16).toString('hex'),
      exchange: text(body, 'exchange'),
      tradingsymbol: text(body, 'tradingsymbol'),
      symboltoken: text(body, 'symboltoken'),
      transactiontype: text(body, 'transactiontype'),
      producttype: text(body, 'producttype'),
      duration: text(body, 'duration') || 'DAY',
      ordertag: text(body, 'ordertag'),
      variety: text(body, 'variety'),
      ordertype,
      quantity,
      price: Number(text(body, 'price') || 0),
      triggerprice: Number(text(body, 'triggerprice') || 0),
      filledshares: filled ? quantity : 0,
      averageprice: filled ? ltp : 0,
      states,
    };
    orders.push(order);
    return ok({ script: order.tradingsymbol, orderid: order.orderid, uniqueorderid: order.uniqueorderid });
  };

  const currentState = (order: AngelFakeOrder) => order.states[0] ?? { status: 'open', text: '' };

  const openOrder = (body: Record<string, unknown>, action: string): AngelFakeOrder | FakeReply => {
    const order = orders.find((candidate) => candidate.orderid === text(body, 'orderid'));
    if (!order) return refused('AB1013', 'Order not found');
    if (text(body, 'variety') !== order.variety) return refused('AB1008', 'Invalid variety');
    const { status } = currentState(order);
    if (FINAL_STATUSES.includes(status)) return refused('AB4000', `Order cannot be ${action} as it is ${status}`);
    return order;
  };

  const modifyOrder = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    if (!body) return refused('AB4000', 'Request body must be JSON');
    const missing = ['variety', 'orderid', 'ordertype', 'producttype', 'duration', 'price', 'quantity', 'tradingsymbol', 'symboltoken', 'exchange'].find(
      (field) => text(body, field) === '',
    );
    if (missing) return refused('AB4000', `Missing field ${missing}`);
    const found = openOrder(body, 'modified');
    if ('status' in found) return found;
    found.quantity = Number(text(body, 'quantity'));
    found.price = Number(text(body, 'price'));
    found.triggerprice = Number(text(body, 'triggerprice') || found.triggerprice);
    found.ordertype = text(body, 'ordertype');
    return ok({ orderid: found.orderid, uniqueorderid: found.uniqueorderid });
  };

  const cancelOrder = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    if (!body) return refused('AB4000', 'Request body must be JSON');
    const found = openOrder(body, 'cancelled');
    if ('status' in found) return found;
    found.states = [{ status: 'cancelled', text: '' }];
    return ok({ orderid: found.orderid, uniqueorderid: found.uniqueorderid });
  };

  const orderBook = (): FakeReply => {
    if (orders.length === 0) return ok(null);
    const rows = orders.map((order) => {
      const state = currentState(order);
      if (order.states.length > 1) order.states.shift();
      return {
        variety: order.variety,
        ordertype: order.ordertype,
        producttype: order.producttype,
        duration: order.duration,
        price: order.price,
        triggerprice: order.triggerprice,
        quantity: String(order.quantity),
        disclosedquantity: '0',
        squareoff: 0,
        stoploss: 0,
        trailingstoploss: 0,
        tradingsymbol: order.tradingsymbol,
        transactiontype: order.transactiontype,
        exchange: order.exchange,
        symboltoken: order.symboltoken,
        ordertag: order.ordertag,
        instrumenttype: '',
        averageprice: order.averageprice,
        filledshares: String(order.filledshares),
        unfilledshares: String(order.quantity - order.filledshares),
        cancelsize: state.status === 'cancelled' ? String(order.quantity - order.filledshares) : '0',
        orderid: order.orderid,
        uniqueorderid: order.uniqueorderid,
        text: state.text,
        status: state.status,
        orderstatus: state.status,
        updatetime: '05-Jan-2026 10:00:00',
        exchtime: '',
        parentorderid: '',
      };
    });
    return ok(rows);
  };

  const positions = (): FakeReply => {
    const net = new Map<string, { order: AngelFakeOrder; buyQty: number; buyValue: number; sellQty: number; sellValue: number }>();
    for (const order of orders) {
      if (currentState(order).status !== 'complete') continue;
      const key = `${order.exchange}|${order.symboltoken}|${order.producttype}`;
      const row = net.get(key) ?? { order, buyQty: 0, buyValue: 0, sellQty: 0, sellValue: 0 };
      if (order.transactiontype === 'BUY') {
        row.buyQty += order.filledshares;
        row.buyValue += order.filledshares * order.averageprice;
      } else {
        row.sellQty += order.filledshares;
        row.sellValue += order.filledshares * order.averageprice;
      }
      net.set(key, row);
    }
    if (net.size === 0) return ok(null);
    const rows = [...net.values()].map(({ order, buyQty, buyValue, sellQty, sellValue }) => {
      const netqty = buyQty - sellQty;
      const ltp = instrumentOf(order.exchange, order.symboltoken)?.ltp ?? 0;
      const average = netqty > 0 ? buyValue / buyQty : netqty < 0 ? sellValue / sellQty : 0;
      return {
        exchange: order.exchange,
        symboltoken: order.symboltoken,
        producttype: order.producttype,
        tradingsymbol: order.tradingsymbol,
        symbolname: order.tradingsymbol.replace(/-EQ$/, ''),
        buyqty: String(buyQty),
        sellqty: String(sellQty),
        buyamount: buyValue.toFixed(2),
        sellamount: sellValue.toFixed(2),
        netqty: String(netqty),
        avgnetprice: average.toFixed(2),
        netprice: average.toFixed(2),
        netvalue: (sellValue - buyValue).toFixed(2),
        ltp: ltp.toFixed(2),
        realised: '0.00',
        unrealised: (netqty * (ltp - average)).toFixed(2),
        lotsize: '1',
      };
    });
    return ok(rows);
  };

  const funds = (): FakeReply => {
    const used = orders
      .filter((order) => currentState(order).status === 'complete' && order.transactiontype === 'BUY')
      .reduce((sum, order) => sum + order.filledshares * order.averageprice, 0);
    const cash = options.availableCash ?? 100_000;
    return ok({
      net: (cash - used).toFixed(4),
      availablecash: cash.toFixed(4),
      availableintradaypayin: '0.0000',
      availablelimitmargin: '0.0000',
      collateral: '0.0000',
      m2munrealized: '0.0000',
      m2mrealized: '0.0000',
      utiliseddebits: used.toFixed(4),
      utilisedspan: null,
      utilisedoptionpremium: null,
      utilisedholdingsales: null,
      utilisedexposure: null,
      utilisedturnover: null,
      utilisedpayout: '0.0000',
    });
  };

  const bySymbol = (exchange: string, symbol: string) =>
    options.instruments.find((instrument) => instrument.exchange === exchange && instrument.tradingsymbol === symbol);

  /** `getAllHolding`: the rows with their P&L, and the `totalholding` summary. */
  const allHolding = (): FakeReply => {
    const holdings = demat.holdings().map((holding) => {
      const instrument = bySymbol(holding.exchange, holding.symbol);
      const ltp = instrument?.ltp ?? holding.averagePrice;
      const quantity = holding.quantity + holding.t1Quantity;
      const profitandloss = Math.round(quantity * (ltp - holding.averagePrice) * 100) / 100;
      return {
        tradingsymbol: holding.symbol,
        exchange: holding.exchange,
        isin: holding.isin,
        t1quantity: holding.t1Quantity,
        realisedquantity: holding.quantity,
        quantity,
        authorisedquantity: 0,
        product: 'DELIVERY',
        collateralquantity: null,
        collateraltype: null,
        haircut: 0.0,
        averageprice: holding.averagePrice,
        ltp,
        symboltoken: instrument?.symboltoken ?? '',
        close: holding.closePrice ?? 0,
        profitandloss,
        pnlpercentage: Math.round((profitandloss / (quantity * holding.averagePrice)) * 10_000) / 100,
      };
    });
    const value = holdings.reduce((sum, row) => sum + row.quantity * row.ltp, 0);
    const invested = holdings.reduce((sum, row) => sum + row.quantity * row.averageprice, 0);
    return ok({
      holdings,
      totalholding: {
        totalholdingvalue: value,
        totalinvvalue: invested,
        totalprofitandloss: value - invested,
        totalpnlpercentage: invested === 0 ? 0 : ((value - invested) / invested) * 100,
      },
    });
  };

  const MARGIN_PRODUCTS: Readonly<Record<string, FakeMarginProduct>> = { DELIVERY: 'delivery', MARGIN: 'mtf', INTRADAY: 'intraday', CARRYFORWARD: 'carryforward' };

  /** `margin/v1/batch`: `{positions:[…]}` (≤ 50), one total for the basket. */
  const marginBatch = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    const positions = body?.positions;
    if (!Array.isArray(positions) || positions.length === 0 || positions.length > 50) return refused('AB4000', 'Invalid positions');
    let total = 0;
    for (const item of positions) {
      const position: Record<string, unknown> = typeof item === 'object' && item !== null ? Object.fromEntries(Object.entries(item)) : {};
      const instrument = instrumentOf(text(position, 'exchange'), text(position, 'token'));
      if (!instrument) return refused('AB1009', 'Symbol not found');
      const product = MARGIN_PRODUCTS[text(position, 'productType')];
      const side = text(position, 'tradeType');
      const quantity = Number(text(position, 'qty'));
      if (!product || (side !== 'BUY' && side !== 'SELL') || !(quantity > 0)) return refused('AB4000', 'Invalid position');
      const price = Number(text(position, 'price')) || instrument.ltp;
      const derivative = !['NSE', 'BSE'].includes(instrument.exchange);
      total += fakeOrderMargin({ product, side, quantity, price, derivative, option: derivative && isOptionSymbol(instrument.tradingsymbol) });
    }
    return ok({
      totalMarginRequired: total,
      marginComponents: { netPremium: 0, spanMargin: 0, marginBenefit: 0, deliveryMargin: 0, nonNFOMargin: 0, totOptionsPremium: 0 },
    });
  };

  const quote = (request: FakeRequest): FakeReply => {
    const body = jsonOf(request);
    const exchangeTokens = body?.exchangeTokens;
    if (!body || text(body, 'mode') !== 'LTP' || typeof exchangeTokens !== 'object' || exchangeTokens === null) {
      return refused('AB4000', 'Invalid quote request');
    }
    const fetched: unknown[] = [];
    const unfetched: unknown[] = [];
    for (const [exchange, tokens] of Object.entries(exchangeTokens)) {
      for (const token of Array.isArray(tokens) ? tokens : []) {
        const instrument = instrumentOf(exchange, String(token));
        if (instrument) fetched.push({ exchange, tradingSymbol: instrument.tradingsymbol, symbolToken: instrument.symboltoken, ltp: instrument.ltp });
        else unfetched.push({ exchange, symbolToken: String(token), message: 'Symbol not found', errorCode: 'AB1009' });
      }
    }
    return ok({ fetched, unfetched });
  };

  const routes: FakeRoute[] = [
    { name: 'login', method: 'POST', path: '/rest/auth/angelbroking/user/v1/loginByPassword', handle: login },
    { name: 'refresh', method: 'POST', path: '/rest/auth/angelbroking/jwt/v1/generateTokens', handle: refresh },
    { name: 'place', method: 'POST', path: '/rest/secure/angelbroking/order/v1/placeOrder', handle: secured(ipGuarded('place', placeOrder)) },
    { name: 'modify', method: 'POST', path: '/rest/secure/angelbroking/order/v1/modifyOrder', handle: secured(ipGuarded('modify', modifyOrder)) },
    { name: 'cancel', method: 'POST', path: '/rest/secure/angelbroking/order/v1/cancelOrder', handle: secured(ipGuarded('cancel', cancelOrder)) },
    { name: 'orders', method: 'GET', path: '/rest/secure/angelbroking/order/v1/getOrderBook', handle: secured(orderBook) },
    { name: 'positions', method: 'GET', path: '/rest/secure/angelbroking/order/v1/getPosition', handle: secured(positions) },
    { name: 'funds', method: 'GET', path: '/rest/secure/angelbroking/user/v1/getRMS', handle: secured(funds) },
    { name: 'quote', method: 'POST', path: '/rest/secure/angelbroking/market/v1/quote', handle: secured(quote) },
    { name: 'holdings', method: 'GET', path: '/rest/secure/angelbroking/portfolio/v1/getAllHolding', handle: secured(allHolding) },
    { name: 'margin', method: 'POST', path: '/rest/secure/angelbroking/margin/v1/batch', handle: secured(marginBatch) },
  ];

  const server = await startBrokerFakeServer({
    routes,
    rateLimitReply: () => ({ status: 429, body: 'Access denied because of exceeding access rate', contentType: 'text/plain' }),
    serverErrorReply: (status) => refused('AB2001', 'Internal Error', status),
    notFoundReply: () => refused('AB4000', 'Resource not found', 404),
  });

  return {
    url: server.url,
    server,
    ...staticIpControls(ipRules),
    orders: () => orders,
    endDay: () => {
      const fills = orders
        .filter((order) => order.producttype === 'DELIVERY' && currentState(order).status === 'complete')
        .map((order) => ({ exchange: order.exchange, symbol: order.tradingsymbol, side: order.transactiontype === 'BUY' ? ('BUY' as const) : ('SELL' as const), quantity: order.filledshares, price: order.averageprice }));
      demat.endDay(fills, (exchange, symbol) => bySymbol(exchange, symbol)?.ltp);
      orders.length = 0;
    },
    expireJwt: () => {
      for (const jwt of liveJwts) expiredJwts.add(jwt);
      liveJwts.clear();
    },
    expireRefreshToken: () => liveRefreshTokens.clear(),
    seedSession: issueTokens,
    inject: (call, fault) => {
      if (fault.kind === 'accept-then-reject') pendingRejections.push(fault.reason);
      else server.inject(call, fault);
    },
    stop: () => server.stop(),
  };
}
