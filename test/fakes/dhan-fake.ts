import { createHmac, randomBytes } from 'node:crypto';
import { nowMs } from '../../functions/platform/clock';
import { startBrokerFakeServer, type BrokerFakeServer, type FakeReply, type FakeRequest, type FakeRoute, type TransportFault } from './broker-fake-server';
import { createFakeDemat, fakeOrderMargin, isOptionSymbol, type FakeHoldingSeed, type FakeMarginProduct } from './fake-demat';
import { dhanIpRoutes } from './dhan-ip-routes';
import { createStaticIpRules, staticIpControls, type StaticIpControls, type StaticIpOptions } from './static-ip-rules';

/**
 * A faithful stand-in for DhanHQ API v2 and its auth host (reference/brokers.md §6, §11): JSON bodies,
 * `access-token` / `client-id` headers, bare objects and arrays on success, `{errorType, errorCode,
 * errorMessage}` with DH-9xx codes on failure, the TOTP login and RenewToken, an in-memory order book
 * with the documented statuses, the 25-modification cap, and fault injection per call. Error texts Dhan
 * does not document are marked UNVERIFIED.
 */

export interface DhanFakeInstrument {
  readonly exchangeSegment: string;
  readonly securityId: string;
  readonly tradingSymbol: string;
  readonly lastPrice: number;
}

/** One order state as the book shows it; `filledQty` defaults to everything when TRADED, else nothing. */
export interface DhanFakeState {
  readonly orderStatus: string;
  readonly omsErrorDescription?: string;
  readonly filledQty?: number;
}

export interface DhanFakeOrder {
  readonly orderId: string;
  readonly correlationId: string | null;
  readonly transactionType: string;
  readonly exchangeSegment: string;
  readonly productType: string;
  readonly securityId: string;
  readonly tradingSymbol: string;
  readonly afterMarketOrder: boolean;
  /** The exchange algo id the place request carried (`algoId`), null without one. */
  readonly algoId: string | null;
  orderType: string;
  validity: string;
  quantity: number;
  disclosedQuantity: number;
  price: number;
  triggerPrice: number;
  modifications: number;
  /** States still to be shown, one per order-book read; the last one stays. */
  states: DhanFakeState[];
}

/** Faults of the order path: transport faults, "accepted, then rejected by RMS", or any scripted lifecycle. */
export type DhanFault =
  | TransportFault
  | { readonly kind: 'accept-then-reject'; readonly reason: string }
  | { readonly kind: 'accept-with-states'; readonly states: readonly DhanFakeState[] };

export type DhanCall = 'token' | 'renew' | 'place' | 'modify' | 'cancel' | 'orders' | 'positions' | 'funds' | 'ltp' | 'holdings' | 'margin' | 'set-ip' | 'modify-ip' | 'get-ip';

/** Static-IP controls (static-ip-rules.ts) are keyed by the Dhan client id. */
export interface DhanFake extends StaticIpControls {
  readonly url: string;
  readonly server: BrokerFakeServer;
  /** A live access token, as a web-generated token or an earlier login would give (for tests that skip login). */
  seedSession(): string;
  /** Every live token stops working (the 24 h end, or a login elsewhere). */
  expireTokens(): void;
  orders(): readonly DhanFakeOrder[];
  /** The trading day ends: CNC fills go to the holdings (fake-demat.ts) and the day's order book is cleared. */
  endDay(): void;
  inject(call: DhanCall, fault: DhanFault): void;
  stop(): Promise<void>;
}

export interface DhanFakeOptions extends StaticIpOptions {
  readonly clientId: string;
  readonly pin: string;
  /** Base32, as shown to the user when enabling TOTP. */
  readonly totpSecret: string;
  readonly instruments: readonly DhanFakeInstrument[];
  readonly availableCash?: number;
  readonly now?: () => number;
  /** How long an issued token lives (Dhan: at most 24 h); shorter to check the expiry is read, not assumed. */
  readonly tokenLifetimeMs?: number;
  /** Holdings the demat account starts with: `exchange` is the segment (NSE_EQ), `symbol` the trading symbol. */
  readonly holdings?: readonly FakeHoldingSeed[];
  /**
   * Refuse a place request without `algoId` (the SEBI algo rules: every algo order carries the exchange's
   * algo id). Opt-in: the fake cannot tell an automated order from a manual one. The reference names no
   * error of its own for this, so the refusal is Dhan's input error (DH-905).
   */
  readonly requireAlgoId?: boolean;
}

/** The refusal of an order without an algo id when `requireAlgoId` is on. */
export const DHAN_MISSING_ALGO_ID = 'Missing algoId: algo orders must carry the exchange-provided algo id.';

const SEGMENTS = ['NSE_EQ', 'NSE_FNO', 'NSE_CURRENCY', 'BSE_EQ', 'BSE_FNO', 'BSE_CURRENCY', 'MCX_COMM'];
const PRODUCT_TYPES = ['CNC', 'INTRADAY', 'MARGIN', 'MTF', 'CO', 'BO'];
const ORDER_TYPES = ['LIMIT', 'MARKET', 'STOP_LOSS', 'STOP_LOSS_MARKET'];
const TRANSACTION_TYPES = ['BUY', 'SELL'];
const VALIDITIES = ['DAY', 'IOC'];
const OPEN_STATUSES = ['TRANSIT', 'PENDING', 'PART_TRADED'];
/** §1.5: at most 25 modifications per order. */
const MAX_MODIFICATIONS = 25;
/** UNVERIFIED: the longest correlationId Dhan takes. */
const CORRELATION_ID_MAX = 25;
/** §6.6: up to 1,000 instruments per quote call. */
const MAX_QUOTE_INSTRUMENTS = 1_000;
const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;

const json = (status: number, body: unknown): FakeReply => ({ status, body: JSON.stringify(body) });
const dhanError = (status: number, errorType: string, errorCode: string, errorMessage: string): FakeReply =>
  json(status, { errorType, errorCode, errorMessage });
const invalidToken = () => dhanError(401, 'Invalid_Authentication', 'DH-901', 'Client ID or user generated access token is invalid or expired.');
const inputError = (message: string) => dhanError(400, 'Input_Exception', 'DH-905', message);
const orderError = (message: string) => dhanError(400, 'Order_Error', 'DH-906', message);
/**
 * An order call from an address not whitelisted for the client. Dhan documents the whitelisting (FORUM
 * madefortrade-56286) but not the answer: this is its envelope with its access error (DH-902) — UNVERIFIED.
 */
const unregisteredIp = () => dhanError(403, 'Invalid_Access', 'DH-902', 'Static IP not whitelisted: order requests must come from the IP registered for this client (IP not registered).');

function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

/** RFC 6238 (SHA-1, 6 digits, 30 s), written independently of the adapter's so the fake checks it. */
function totpFor(secret: string, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Dhan's `expiryTime`: IST wall-clock time without an offset, e.g. 2026-01-06T09:15:00. */
function istWallClock(atMs: number): string {
  return new Date(atMs + IST_OFFSET_MS).toISOString().slice(0, 19);
}

function jsonObjectOf(request: FakeRequest): Record<string, unknown> | null {
  if (!request.headers['content-type']?.startsWith('application/json')) return null;
  try {
    const parsed: unknown = JSON.parse(request.body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.fromEntries(Object.entries(parsed)) : null;
  } catch {
    return null;
  }
}

const isPositiveInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;
const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

export async function startDhanFake(options: DhanFakeOptions): Promise<DhanFake> {
  const now = options.now ?? nowMs;
  const liveTokens = new Set<string>();
  const orders: DhanFakeOrder[] = [];
  const scriptedLifecycles: DhanFakeState[][] = [];
  let nextOrderNumber = 5_260_105_000_001;
  const demat = createFakeDemat(options.holdings);
  const ipRules = createStaticIpRules(options);
  const ipGuarded = (route: string, handle: (request: FakeRequest, params: Readonly<Record<string, string>>) => FakeReply) =>
    ipRules.guard(route, options.clientId, unregisteredIp, handle);

  const instrumentOf = (segment: string, securityId: string) =>
    options.instruments.find((instrument) => instrument.exchangeSegment === segment && instrument.securityId === securityId);
  const lastPriceOf = (order: DhanFakeOrder) => instrumentOf(order.exchangeSegment, order.securityId)?.lastPrice ?? 0;

  const issueToken = () => {
    const token = `eyJ${randomBytes(24).toString('hex')}`;
    liveTokens.add(token);
    return token;
  };
  const tokenAnswer = () =>
    json(200, {
      dhanClientId: options.clientId,
      dhanClientName: 'FAKE TRADER',
      dhanClientUcc: 'FAKE1234U',
      givenPowerOfAttorney: true,
      accessToken: issueToken(),
      expiryTime: istWallClock(now() + (options.tokenLifetimeMs ?? DAY_MS)),
    });

  /** Header contract (§6.2): a live `access-token`; `client-id`, when sent, must be the token's client. */
  const authProblem = (request: FakeRequest, clientIdRequired: boolean): FakeReply | null => {
    const token = request.headers['access-token'];
    if (typeof token !== 'string' || !liveTokens.has(token)) return invalidToken();
    const clientId = request.headers['client-id'];
    if ((clientIdRequired || clientId !== undefined) && clientId !== options.clientId) return invalidToken();
    return null;
  };
  const secured =
    (handle: (request: FakeRequest, params: Readonly<Record<string, string>>) => FakeReply, clientIdRequired = false) =>
    (request: FakeRequest, params: Readonly<Record<string, string>>): FakeReply =>
      authProblem(request, clientIdRequired) ?? handle(request, params);

  /** The TOTP route (§6.1); the codes of a refused login are not documented (UNVERIFIED). */
  const generateAccessToken = (request: FakeRequest): FakeReply => {
    const at = now();
    const accepted = [at - 30_000, at, at + 30_000].map((moment) => totpFor(options.totpSecret, moment));
    if (request.query.get('dhanClientId') !== options.clientId) return invalidToken();
    if (request.query.get('pin') !== options.pin) return dhanError(401, 'Invalid_Authentication', 'DH-901', 'Invalid PIN');
    if (!accepted.includes(request.query.get('totp') ?? '')) return dhanError(401, 'Invalid_Authentication', 'DH-901', 'Invalid TOTP');
    return tokenAnswer();
  };

  /** RenewToken (§6.1): a live token and the `dhanClientId` header give a new token; the old one retires. */
  const renewToken = (request: FakeRequest): FakeReply => {
    const token = request.headers['access-token'];
    if (typeof token !== 'string' || !liveTokens.has(token) || request.headers.dhanclientid !== options.clientId) return invalidToken();
    liveTokens.delete(token);
    return tokenAnswer();
  };

  const placeProblem = (body: Record<string, unknown>): FakeReply | null => {
    if (body.dhanClientId !== options.clientId) return inputError('Invalid dhanClientId'); // UNVERIFIED text
    if (!TRANSACTION_TYPES.includes(String(body.transactionType))) return inputError('Invalid transactionType');
    if (!SEGMENTS.includes(String(body.exchangeSegment))) return inputError('Invalid exchangeSegment');
    if (!PRODUCT_TYPES.includes(String(body.productType))) return inputError('Invalid productType');
    const orderType = String(body.orderType);
    if (!ORDER_TYPES.includes(orderType)) return inputError('Invalid orderType');
    if (!VALIDITIES.includes(String(body.validity))) return inputError('Invalid validity');
    if (typeof body.securityId !== 'string' || !instrumentOf(String(body.exchangeSegment), body.securityId)) return inputError('Invalid SecurityId');
    if (!isPositiveInteger(body.quantity)) return inputError('Invalid quantity');
    if (typeof body.price !== 'number' || typeof body.triggerPrice !== 'number') return inputError('price and triggerPrice must be numbers');
    if ((orderType === 'LIMIT' || orderType === 'STOP_LOSS') && !(body.price > 0)) return inputError('Invalid price');
    if ((orderType === 'STOP_LOSS' || orderType === 'STOP_LOSS_MARKET') && !(body.triggerPrice > 0)) return inputError('Invalid triggerPrice');
    // A stop-limit buy triggers at or below its limit, a sell at or above it (§6.9 quotes the sell message).
    if (orderType === 'STOP_LOSS' && body.transactionType === 'SELL' && body.triggerPrice < body.price) {
      return orderError('Trigger Price should be greater than Price');
    }
    if (orderType === 'STOP_LOSS' && body.transactionType === 'BUY' && body.triggerPrice > body.price) {
      return orderError('Trigger Price should be less than Price'); // UNVERIFIED text
    }
    const tag = body.correlationId;
    if (tag !== undefined && (typeof tag !== 'string' || tag.length > CORRELATION_ID_MAX)) return inputError('Invalid correlationId');
    return null;
  };

  const lifecycleOf = (orderType: string): DhanFakeState[] => {
    const scripted = scriptedLifecycles.shift();
    if (scripted) return scripted;
    return orderType === 'MARKET' ? [{ orderStatus: 'TRADED' }] : [{ orderStatus: 'PENDING' }];
  };

  const placeOrder = (request: FakeRequest): FakeReply => {
    const body = jsonObjectOf(request);
    if (!body) return inputError('Request body must be JSON');
    const problem = placeProblem(body);
    if (problem) return problem;
    const algoId = typeof body.algoId === 'string' && body.algoId !== '' ? body.algoId : null;
    if (options.requireAlgoId && algoId === null) return inputError(DHAN_MISSING_ALGO_ID);
    const segment = String(body.exchangeSegment);
    const securityId = String(body.securityId);
    const orderType = String(body.orderType);
    const order: DhanFakeOrder = {
      orderId: String(nextOrderNumber++),
      correlationId: typeof body.correlationId === 'string' ? body.correlationId : null,
      transactionType: String(body.transactionType),
      exchangeSegment: segment,
      productType: String(body.productType),
      securityId,
      tradingSymbol: instrumentOf(segment, securityId)?.tradingSymbol ?? '',
      afterMarketOrder: body.afterMarketOrder === true,
      algoId,
      orderType,
      validity: String(body.validity),
      quantity: numberOr(body.quantity, 0),
      disclosedQuantity: numberOr(body.disclosedQuantity, 0),
      price: numberOr(body.price, 0),
      triggerPrice: numberOr(body.triggerPrice, 0),
      modifications: 0,
      states: lifecycleOf(orderType),
    };
    orders.push(order);
    return json(200, { orderId: order.orderId, orderStatus: 'TRANSIT' });
  };

  const currentState = (order: DhanFakeOrder): DhanFakeState => order.states[0] ?? { orderStatus: 'PENDING' };
  const filledOf = (order: DhanFakeOrder): number => {
    const state = currentState(order);
    return state.filledQty ?? (state.orderStatus === 'TRADED' ? order.quantity : 0);
  };

  const openOrder = (orderId: string | undefined): DhanFakeOrder | FakeReply => {
    const order = orders.find((candidate) => candidate.orderId === orderId);
    if (!order) return inputError('Invalid orderId'); // UNVERIFIED text
    const { orderStatus } = currentState(order);
    if (!OPEN_STATUSES.includes(orderStatus)) return orderError(`Order is already ${orderStatus}`); // UNVERIFIED text
    return order;
  };

  const modifyOrder = (request: FakeRequest, params: Readonly<Record<string, string>>): FakeReply => {
    const body = jsonObjectOf(request);
    if (!body) return inputError('Request body must be JSON');
    if (body.dhanClientId !== options.clientId) return inputError('Invalid dhanClientId');
    if (body.orderId !== params.orderId) return inputError('orderId in the body must match the path');
    const missing = ['orderType', 'quantity', 'price', 'triggerPrice', 'validity'].find((field) => body[field] === undefined);
    if (missing) return inputError(`Missing field ${missing}`);
    if (!ORDER_TYPES.includes(String(body.orderType))) return inputError('Invalid orderType');
    if (!VALIDITIES.includes(String(body.validity))) return inputError('Invalid validity');
    if (!isPositiveInteger(body.quantity)) return inputError('Invalid quantity');
    const found = openOrder(params.orderId);
    if ('status' in found) return found;
    if (found.modifications >= MAX_MODIFICATIONS) return orderError('Maximum modifications for this order reached'); // UNVERIFIED text
    found.modifications += 1;
    found.orderType = String(body.orderType);
    found.validity = String(body.validity);
    found.quantity = body.quantity;
    found.price = numberOr(body.price, found.price);
    found.triggerPrice = numberOr(body.triggerPrice, found.triggerPrice);
    found.disclosedQuantity = numberOr(body.disclosedQuantity, found.disclosedQuantity);
    return json(200, { orderId: found.orderId, orderStatus: currentState(found).orderStatus });
  };

  const cancelOrder = (_request: FakeRequest, params: Readonly<Record<string, string>>): FakeReply => {
    const found = openOrder(params.orderId);
    if ('status' in found) return found;
    found.states = [{ orderStatus: 'CANCELLED', filledQty: filledOf(found) }];
    return json(200, { orderId: found.orderId, orderStatus: 'CANCELLED' });
  };

  const orderBook = (): FakeReply =>
    json(
      200,
      orders.map((order) => {
        const state = currentState(order);
        const filledQty = filledOf(order);
        if (order.states.length > 1) order.states.shift();
        return {
          dhanClientId: options.clientId,
          orderId: order.orderId,
          exchangeOrderId: filledQty > 0 ? `1100000${order.orderId.slice(-8)}` : '',
          correlationId: order.correlationId ?? '',
          orderStatus: state.orderStatus,
          transactionType: order.transactionType,
          exchangeSegment: order.exchangeSegment,
          productType: order.productType,
          orderType: order.orderType,
          validity: order.validity,
          tradingSymbol: order.tradingSymbol,
          securityId: order.securityId,
          quantity: order.quantity,
          disclosedQuantity: order.disclosedQuantity,
          price: order.price,
          triggerPrice: order.triggerPrice,
          afterMarketOrder: order.afterMarketOrder,
          boProfitValue: 0,
          boStopLossValue: 0,
          legName: '',
          createTime: '2026-01-05 10:00:00',
          updateTime: '2026-01-05 10:00:01',
          exchangeTime: filledQty > 0 ? '2026-01-05 10:00:01' : '0001-01-01 00:00:00',
          drvExpiryDate: '0001-01-01',
          drvOptionType: null,
          drvStrikePrice: 0,
          omsErrorCode: state.omsErrorDescription ? 'RMS' : '',
          omsErrorDescription: state.omsErrorDescription ?? '',
          algoId: order.algoId ?? '',
          remainingQuantity: order.quantity - filledQty,
          averageTradedPrice: filledQty > 0 ? lastPriceOf(order) : 0,
          filledQty,
        };
      }),
    );

  const positions = (): FakeReply => {
    const net = new Map<string, { order: DhanFakeOrder; buyQty: number; buyValue: number; sellQty: number; sellValue: number }>();
    for (const order of orders) {
      const filled = filledOf(order);
      if (filled === 0) continue;
      const key = `${order.exchangeSegment}|${order.securityId}|${order.productType}`;
      const row = net.get(key) ?? { order, buyQty: 0, buyValue: 0, sellQty: 0, sellValue: 0 };
      const value = filled * lastPriceOf(order);
      if (order.transactionType === 'BUY') {
        row.buyQty += filled;
        row.buyValue += value;
      } else {
        row.sellQty += filled;
        row.sellValue += value;
      }
      net.set(key, row);
    }
    return json(
      200,
      [...net.values()].map(({ order, buyQty, buyValue, sellQty, sellValue }) => {
        const netQty = buyQty - sellQty;
        const buyAvg = buyQty > 0 ? buyValue / buyQty : 0;
        const sellAvg = sellQty > 0 ? sellValue / sellQty : 0;
        const costPrice = netQty > 0 ? buyAvg : netQty < 0 ? sellAvg : 0;
        return {
          dhanClientId: options.clientId,
          tradingSymbol: order.tradingSymbol,
          securityId: order.securityId,
          positionType: netQty > 0 ? 'LONG' : netQty < 0 ? 'SHORT' : 'CLOSED',
          exchangeSegment: order.exchangeSegment,
          productType: order.productType,
          buyAvg,
          costPrice,
          buyQty,
          sellAvg,
          sellQty,
          netQty,
          realizedProfit: Math.min(buyQty, sellQty) * (sellAvg - buyAvg),
          unrealizedProfit: netQty * (lastPriceOf(order) - costPrice),
          rbiReferenceRate: 1,
          multiplier: 1,
          carryForwardBuyQty: 0,
          carryForwardSellQty: 0,
          carryForwardBuyValue: 0,
          carryForwardSellValue: 0,
          dayBuyQty: buyQty,
          daySellQty: sellQty,
          dayBuyValue: buyValue,
          daySellValue: sellValue,
          drvExpiryDate: '0001-01-01',
          drvOptionType: null,
          drvStrikePrice: 0,
          crossCurrency: false,
        };
      }),
    );
  };

  const funds = (): FakeReply => {
    const used = orders
      .filter((order) => order.transactionType === 'BUY')
      .reduce((sum, order) => sum + filledOf(order) * lastPriceOf(order), 0);
    const cash = options.availableCash ?? 100_000;
    return json(200, {
      dhanClientId: options.clientId,
      availabelBalance: cash - used,
      sodLimit: cash,
      collateralAmount: 0,
      receiveableAmount: 0,
      utilizedAmount: used,
      blockedPayoutAmount: 0,
      withdrawableBalance: cash - used,
    });
  };

  /** §6.6: `{<segment>: [<numeric securityId>…]}` → last prices nested by segment, then id; unknown ids left out. */
  const ltp = (request: FakeRequest): FakeReply => {
    const body = jsonObjectOf(request);
    if (!body) return inputError('Request body must be JSON');
    const asked = Object.entries(body);
    if (asked.some(([segment, ids]) => !SEGMENTS.includes(segment) || !Array.isArray(ids) || !ids.every(Number.isInteger))) {
      return inputError('Invalid instruments: numeric securityIds by exchangeSegment');
    }
    if (asked.reduce((count, [, ids]) => count + (Array.isArray(ids) ? ids.length : 0), 0) > MAX_QUOTE_INSTRUMENTS) {
      return json(400, { status: 'failed', data: { '804': 'Requested number of instruments exceeds limit' } }); // UNVERIFIED shape
    }
    const data: Record<string, Record<string, { last_price: number }>> = {};
    for (const [segment, ids] of asked) {
      for (const id of Array.isArray(ids) ? ids : []) {
        const instrument = instrumentOf(segment, String(id));
        if (instrument) (data[segment] ??= {})[String(id)] = { last_price: instrument.lastPrice };
      }
    }
    return json(200, { data, status: 'success' });
  };

  const bySymbol = (segment: string, symbol: string) =>
    options.instruments.find((instrument) => instrument.exchangeSegment === segment && instrument.tradingSymbol === symbol);

  /** `GET /v2/holdings`: a bare array (exchange `ALL`, no last price); none is Dhan's DH-1111 error, not an empty list. */
  const holdings = (): FakeReply => {
    const held = demat.holdings();
    if (held.length === 0) return dhanError(400, 'Holding_Error', 'DH-1111', 'No holdings available'); // UNVERIFIED status
    return json(
      200,
      held.map((holding) => ({
        exchange: 'ALL',
        tradingSymbol: holding.symbol,
        securityId: bySymbol(holding.exchange, holding.symbol)?.securityId ?? '',
        isin: holding.isin,
        totalQty: holding.quantity + holding.t1Quantity,
        dpQty: holding.quantity,
        t1Qty: holding.t1Quantity,
        availableQty: holding.quantity,
        collateralQty: 0,
        avgCostPrice: holding.averagePrice,
      })),
    );
  };

  const MARGIN_PRODUCTS: Readonly<Record<string, FakeMarginProduct>> = { CNC: 'delivery', MTF: 'mtf', INTRADAY: 'intraday', MARGIN: 'carryforward', CO: 'intraday', BO: 'intraday' };

  /** `POST /v2/margincalculator`: one order; what it needs, split as Dhan reports it, and what the account has free. */
  const marginCalculator = (request: FakeRequest): FakeReply => {
    const body = jsonObjectOf(request);
    if (!body) return inputError('Request body must be JSON');
    if (body.dhanClientId !== options.clientId) return inputError('Invalid dhanClientId');
    const instrument = instrumentOf(String(body.exchangeSegment), String(body.securityId));
    if (!instrument) return inputError('Invalid securityId for the exchangeSegment');
    const product = MARGIN_PRODUCTS[String(body.productType)];
    const side = body.transactionType;
    if (!product || (side !== 'BUY' && side !== 'SELL') || !isPositiveInteger(body.quantity)) return inputError('Invalid margin request');
    const price = numberOr(body.price, 0) || instrument.lastPrice;
    const derivative = !instrument.exchangeSegment.endsWith('_EQ');
    const option = derivative && isOptionSymbol(instrument.tradingSymbol);
    const total = fakeOrderMargin({ product, side, quantity: body.quantity, price, derivative, option });
    const used = orders.filter((order) => order.transactionType === 'BUY').reduce((sum, order) => sum + filledOf(order) * lastPriceOf(order), 0);
    const available = (options.availableCash ?? 100_000) - used;
    return json(200, {
      totalMargin: total,
      spanMargin: derivative && !option ? total * 0.7 : 0,
      exposureMargin: derivative && !option ? total * 0.3 : 0,
      availableBalance: available,
      variableMargin: derivative ? 0 : total,
      insufficientBalance: Math.max(0, total - available),
      brokerage: 20,
      leverage: product === 'intraday' ? '5.00' : '1.00',
    });
  };

  const routes: FakeRoute[] = [
    { name: 'token', method: 'POST', path: '/app/generateAccessToken', handle: generateAccessToken },
    { name: 'renew', method: 'GET', path: '/v2/RenewToken', handle: renewToken },
    { name: 'place', method: 'POST', path: '/v2/orders', handle: secured(ipGuarded('place', placeOrder)) },
    { name: 'modify', method: 'PUT', path: '/v2/orders/:orderId', handle: secured(ipGuarded('modify', modifyOrder)) },
    { name: 'cancel', method: 'DELETE', path: '/v2/orders/:orderId', handle: secured(ipGuarded('cancel', cancelOrder)) },
    { name: 'orders', method: 'GET', path: '/v2/orders', handle: secured(orderBook) },
    { name: 'positions', method: 'GET', path: '/v2/positions', handle: secured(positions) },
    { name: 'funds', method: 'GET', path: '/v2/fundlimit', handle: secured(funds) },
    { name: 'ltp', method: 'POST', path: '/v2/marketfeed/ltp', handle: secured(ltp, true) },
    { name: 'holdings', method: 'GET', path: '/v2/holdings', handle: secured(holdings) },
    { name: 'margin', method: 'POST', path: '/v2/margincalculator', handle: secured(marginCalculator) },
    ...dhanIpRoutes({ rules: ipRules, clientId: options.clientId, now, secured: (handle) => secured(handle), json, inputError }),
  ];

  const server = await startBrokerFakeServer({
    routes,
    rateLimitReply: () => dhanError(429, 'Rate_Limit', 'DH-904', 'Too many requests on server from single user breaching rate limits. Try throttling API calls.'),
    serverErrorReply: (status) => dhanError(status, 'Internal_Server_Error', 'DH-908', 'Server was not able to process API request. This will only occur rarely.'),
    notFoundReply: () => dhanError(404, 'Input_Exception', 'DH-905', 'Resource not found'), // UNVERIFIED
  });

  return {
    url: server.url,
    server,
    ...staticIpControls(ipRules),
    seedSession: issueToken,
    expireTokens: () => liveTokens.clear(),
    orders: () => orders,
    endDay: () => {
      const fills = orders
        .filter((order) => order.productType === 'CNC' && filledOf(order) > 0)
        .map((order) => ({ exchange: order.exchangeSegment, symbol: order.tradingSymbol, side: order.transactionType === 'BUY' ? ('BUY' as const) : ('SELL' as const), quantity: filledOf(order), price: lastPriceOf(order) }));
      demat.endDay(fills, (segment, symbol) => bySymbol(segment, symbol)?.lastPrice);
      orders.length = 0;
    },
    inject: (call, fault) => {
      if (fault.kind === 'accept-then-reject') {
        scriptedLifecycles.push([{ orderStatus: 'TRANSIT' }, { orderStatus: 'REJECTED', omsErrorDescription: fault.reason }]);
      } else if (fault.kind === 'accept-with-states') {
        scriptedLifecycles.push([...fault.states]);
      } else {
        server.inject(call, fault);
      }
    },
    stop: () => server.stop(),
  };
}
