import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { nowMs } from '../../functions/platform/clock';
import { CHECKOUT_CHOICES, checkoutPage, type CheckoutChoice } from './phonepe-fake-page';

/**
 * A faithful HTTP fake of PhonePe's Standard Checkout v2 (reference/money-hierarchy-egress.md §1.2–1.9):
 * OAuth token (form fields checked, `issued_at`/`expires_at`, wrong secret → 401), pay (O-Bearer, order-id
 * and amount rules, duplicate id → 409), the hosted checkout page (success, failure, "pending then
 * success", abandon) that 302s back to the merchant's `redirectUrl`, order status (404 for an unknown
 * id), refund and refund status (PENDING → COMPLETED after a delay; more than paid → 400), and webhooks
 * to the merchant's URL with `Authorization: hex(sha256(user:pass))` — delivered late, several times,
 * or not at all — plus injected transport faults (429, 503 `R999`, time-outs, resets).
 * Where PhonePe's exact answer is not documented (a reused order id, an unknown order, a bad client
 * secret), the fake's choice is noted.
 */

export interface PhonePeFakeMerchant {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly clientVersion: number;
  readonly merchantId?: string;
  /** What the merchant entered in PhonePe's dashboard; without it no webhooks are sent. */
  readonly webhook?: { readonly url: string; readonly username: string; readonly password: string };
}

/** How the webhooks of one outcome are delivered. */
export interface WebhookDelivery {
  /** How many times the same callback is sent (duplicates are documented behaviour). */
  readonly copies: number;
  readonly delayMs: number;
  readonly gapMs: number;
}

export type PhonePeRoute = 'token' | 'pay' | 'status' | 'refund' | 'refundStatus';

export type TransportFault =
  | { readonly kind: 'latency'; readonly ms: number }
  | { readonly kind: 'rate-limit'; readonly afterHandling?: boolean }
  | { readonly kind: 'server-error'; readonly status?: number; readonly afterHandling?: boolean }
  | { readonly kind: 'timeout'; readonly afterHandling?: boolean }
  | { readonly kind: 'reset'; readonly afterHandling?: boolean };

export type FakeOrderState = 'PENDING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';

export interface FakeOrder {
  readonly clientId: string;
  readonly merchantOrderId: string;
  readonly orderId: string;
  readonly amount: number;
  readonly expireAtMs: number;
  readonly redirectUrl: string;
  readonly metaInfo: Readonly<Record<string, string>>;
  state: FakeOrderState;
  errorCode: string | null;
  detailedErrorCode: string | null;
  /** Tampering for tests: the amount status and webhooks report instead of the real one. */
  reportedAmount: number | null;
  completedAtMs: number | null;
  refundedPaise: number;
}

export interface FakeRefund {
  readonly clientId: string;
  readonly merchantRefundId: string;
  readonly refundId: string;
  readonly originalMerchantOrderId: string;
  readonly amount: number;
  state: 'PENDING' | 'CONFIRMED' | 'COMPLETED' | 'FAILED';
}

export interface WebhookResult {
  readonly merchantOrderId: string;
  readonly event: string;
  readonly status: number;
  readonly sentAtMs: number;
  readonly answeredAtMs: number;
}

export interface PhonePeFakeOptions {
  readonly merchants: readonly PhonePeFakeMerchant[];
  readonly tokenTtlSeconds?: number;
  readonly webhook?: Partial<WebhookDelivery>;
  /** "Pending then success": how long the order stays PENDING first. */
  readonly pendingThenSuccessMs?: number;
  readonly refundSettleMs?: number;
  readonly host?: string;
  readonly port?: number;
}

export interface PhonePeFake {
  readonly url: string;
  /** The order PhonePe holds under this merchant order id (any merchant), if any. */
  order(merchantOrderId: string): FakeOrder | undefined;
  readonly refunds: ReadonlyMap<string, FakeRefund>;
  readonly webhookResults: readonly WebhookResult[];
  callCount(route: PhonePeRoute): number;
  inject(route: PhonePeRoute, fault: TransportFault): void;
  /** What the checkout page's buttons do, for headless tests; resolves when its webhooks are delivered. */
  choose(merchantOrderId: string, choice: CheckoutChoice, delivery?: Partial<WebhookDelivery>): Promise<void>;
  /** Sends the order's callback now (as PhonePe would), or one with the given body and authorization. */
  sendWebhook(merchantOrderId: string, override?: { readonly body?: string; readonly authorization?: string | null }): Promise<WebhookResult>;
  /** Status and webhooks report this amount instead of the paid one (tests of the mismatch rule). */
  reportAmount(merchantOrderId: string, paise: number): void;
  /** How refunds accepted from now on end (default COMPLETED); a FAILED one gives its amount back to the order. */
  settleRefundsAs(state: 'COMPLETED' | 'FAILED'): void;
  addMerchant(merchant: PhonePeFakeMerchant): void;
  /** Every token issued so far stops working (PG calls answer 401 until a new one is fetched). */
  revokeTokens(): void;
  tokensIssued(): number;
  /** Runs still-scheduled webhook deliveries to their end (tests wait for them). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

interface Request {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface Reply {
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

const json = (status: number, body: unknown): Reply => ({ status, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const phonePeError = (status: number, code: string, message: string) => json(status, { code, message, data: {} });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MERCHANT_ORDER_ID = /^[A-Za-z0-9_-]{1,63}$/;

export function webhookAuthorizationOf(username: string, password: string): string {
  return createHash('sha256').update(`${username}:${password}`).digest('hex');
}

export function startPhonePeFake(options: PhonePeFakeOptions): Promise<PhonePeFake> {
  const merchants = new Map(options.merchants.map((merchant) => [merchant.clientId, merchant]));
  const tokens = new Map<string, { clientId: string; expiresAtMs: number }>();
  const orders = new Map<string, FakeOrder>();
  const ordersById = new Map<string, FakeOrder>();
  const refunds = new Map<string, FakeRefund>();
  let refundEnding: 'COMPLETED' | 'FAILED' = 'COMPLETED';
  const webhookResults: WebhookResult[] = [];
  const calls = new Map<PhonePeRoute, number>();
  const faults = new Map<PhonePeRoute, TransportFault[]>();
  const deliveries = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const defaultDelivery: WebhookDelivery = { copies: 2, delayMs: 300, gapMs: 150, ...options.webhook };
  let url = '';
  let counter = 0;
  let revoked = 0;
  const nextId = (prefix: string) => `${prefix}${nowMs()}${String((counter += 1)).padStart(6, '0')}`;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const track = <T>(promise: Promise<T>): Promise<T> => {
    deliveries.add(promise);
    void promise.finally(() => deliveries.delete(promise)).catch(() => undefined);
    return promise;
  };

  function merchantOfToken(request: Request): PhonePeFakeMerchant | null {
    const match = /^O-Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    const token = match?.[1] ? tokens.get(match[1]) : undefined;
    if (!token || nowMs() >= token.expiresAtMs) return null;
    return merchants.get(token.clientId) ?? null;
  }

  function stateNow(order: FakeOrder): FakeOrderState {
    if (order.state === 'PENDING' && nowMs() >= order.expireAtMs) {
      order.state = 'EXPIRED';
      order.errorCode = 'TXN_EXPIRED';
    }
    return order.state;
  }

  function orderBody(order: FakeOrder, merchant: PhonePeFakeMerchant) {
    const amount = order.reportedAmount ?? order.amount;
    const state = stateNow(order);
    const attempt =
      state === 'PENDING' && order.completedAtMs === null
        ? []
        : [{ transactionId: `OM${order.orderId.slice(3)}`, paymentMode: 'UPI_INTENT', timestamp: order.completedAtMs ?? nowMs(), amount, state, errorCode: order.errorCode, detailedErrorCode: order.detailedErrorCode, rail: { type: 'UPI', utr: '416455839594' } }];
    return {
      merchantId: merchant.merchantId ?? 'FAKEMERCHANT',
      merchantOrderId: order.merchantOrderId,
      orderId: order.orderId,
      state,
      amount,
      payableAmount: amount,
      feeAmount: 0,
      expireAt: order.expireAtMs,
      errorCode: order.errorCode,
      detailedErrorCode: order.detailedErrorCode,
      metaInfo: order.metaInfo,
      paymentDetails: attempt,
    };
  }

  async function deliverOnce(order: FakeOrder, override?: { body?: string; authorization?: string | null }): Promise<WebhookResult> {
    const merchant = merchants.get(order.clientId);
    const hook = merchant?.webhook;
    const state = stateNow(order);
    const event = state === 'COMPLETED' ? 'checkout.order.completed' : 'checkout.order.failed';
    if (!merchant || !hook) return { merchantOrderId: order.merchantOrderId, event, status: 0, sentAtMs: nowMs(), answeredAtMs: nowMs() };
    const body = override?.body ?? JSON.stringify({ event, type: state === 'COMPLETED' ? 'CHECKOUT_ORDER_COMPLETED' : 'CHECKOUT_ORDER_FAILED', payload: orderBody(order, merchant) });
    const authorization = override && 'authorization' in override ? override.authorization : webhookAuthorizationOf(hook.username, hook.password);
    const sentAtMs = nowMs();
    let status = 0;
    try {
      const response = await fetch(hook.url, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body });
      await response.text();
      status = response.status;
    } catch {
      status = 0;
    }
    const result = { merchantOrderId: order.merchantOrderId, event, status, sentAtMs, answeredAtMs: nowMs() };
    webhookResults.push(result);
    return result;
  }

  async function deliverRefundWebhook(refund: FakeRefund): Promise<void> {
    const hook = merchants.get(refund.clientId)?.webhook;
    if (!hook) return;
    const payload = { merchantRefundId: refund.merchantRefundId, originalMerchantOrderId: refund.originalMerchantOrderId, refundId: refund.refundId, amount: refund.amount, state: refund.state };
    const event = refund.state === 'FAILED' ? 'pg.refund.failed' : 'pg.refund.completed';
    const sentAtMs = nowMs();
    let status = 0;
    try {
      const response = await fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: webhookAuthorizationOf(hook.username, hook.password) },
        body: JSON.stringify({ event, type: event.toUpperCase().replace(/\./g, '_'), payload }),
      });
      await response.text();
      status = response.status;
    } catch {
      status = 0;
    }
    webhookResults.push({ merchantOrderId: refund.originalMerchantOrderId, event, status, sentAtMs, answeredAtMs: nowMs() });
  }

  function scheduleWebhooks(order: FakeOrder, delivery: Partial<WebhookDelivery> = {}): Promise<void> {
    const plan = { ...defaultDelivery, ...delivery };
    return track(
      (async () => {
        await wait(plan.delayMs);
        for (let copy = 0; copy < plan.copies; copy += 1) {
          if (copy > 0) await wait(plan.gapMs);
          await deliverOnce(order);
        }
      })(),
    );
  }

  function settle(order: FakeOrder, outcome: 'COMPLETED' | 'FAILED', delivery?: Partial<WebhookDelivery>): Promise<void> {
    if (stateNow(order) !== 'PENDING') return Promise.resolve();
    order.state = outcome;
    order.completedAtMs = nowMs();
    if (outcome === 'FAILED') {
      order.errorCode = 'PAYMENT_ERROR';
      order.detailedErrorCode = 'ZM';
    }
    return scheduleWebhooks(order, delivery);
  }

  function choose(order: FakeOrder, choice: CheckoutChoice, delivery?: Partial<WebhookDelivery>): Promise<void> {
    if (choice === 'success') return settle(order, 'COMPLETED', delivery);
    if (choice === 'failure') return settle(order, 'FAILED', delivery);
    if (choice === 'pending-then-success') {
      return track(
        new Promise<void>((resolve) => {
          later(options.pendingThenSuccessMs ?? 3000, () => void settle(order, 'COMPLETED', delivery).then(resolve));
        }),
      );
    }
    return Promise.resolve();
  }

  const routes: { route: PhonePeRoute | null; method: string; path: RegExp; handle: (request: Request, params: string[]) => Reply | Promise<Reply> }[] = [
    {
      route: 'token',
      method: 'POST',
      path: /^\/v1\/oauth\/token$/,
      handle(request) {
        if (!/application\/x-www-form-urlencoded/i.test(request.headers['content-type'] ?? '')) return phonePeError(400, 'BAD_REQUEST', 'Content-Type must be application/x-www-form-urlencoded');
        const form = new URLSearchParams(request.body);
        if (form.get('grant_type') !== 'client_credentials') return phonePeError(400, 'BAD_REQUEST', 'grant_type must be client_credentials');
        const merchant = merchants.get(form.get('client_id') ?? '');
        // Fake's choice: PhonePe's exact answer to wrong client credentials is not documented.
        if (!merchant || merchant.clientSecret !== form.get('client_secret') || String(merchant.clientVersion) !== form.get('client_version')) {
          return phonePeError(401, 'AUTHORIZATION_FAILED', 'Client authentication failed');
        }
        const issuedAt = Math.floor(nowMs() / 1000);
        const expiresAt = issuedAt + (options.tokenTtlSeconds ?? 3600);
        const token = `fk.${randomBytes(18).toString('base64url')}`;
        tokens.set(token, { clientId: merchant.clientId, expiresAtMs: expiresAt * 1000 });
        return json(200, { access_token: token, encrypted_access_token: token, refresh_token: null, expires_in: null, issued_at: issuedAt, expires_at: expiresAt, session_expires_at: expiresAt, token_type: 'O-Bearer' });
      },
    },
    {
      route: 'pay',
      method: 'POST',
      path: /^\/checkout\/v2\/pay$/,
      handle(request) {
        const merchant = merchantOfToken(request);
        if (!merchant) return phonePeError(401, 'UNAUTHORIZED', 'Token is invalid or expired');
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(request.body) as Record<string, unknown>;
        } catch {
          return phonePeError(400, 'BAD_REQUEST', 'Malformed request body');
        }
        const merchantOrderId = typeof body.merchantOrderId === 'string' ? body.merchantOrderId : '';
        if (!merchantOrderId) return phonePeError(400, 'BAD_REQUEST', 'merchantOrderId must not be blank.');
        if (!MERCHANT_ORDER_ID.test(merchantOrderId)) return phonePeError(400, 'BAD_REQUEST', 'merchantOrderId has at most 63 characters: letters, digits, _ and -.');
        if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) return phonePeError(400, 'BAD_REQUEST', 'amount must be at least 100 paise.');
        const flow = body.paymentFlow as { type?: unknown; merchantUrls?: { redirectUrl?: unknown } } | undefined;
        if (flow?.type !== 'PG_CHECKOUT') return phonePeError(400, 'BAD_REQUEST', 'paymentFlow.type must be PG_CHECKOUT.');
        const key = `${merchant.clientId}|${merchantOrderId}`;
        // Fake's choice: PhonePe's answer to a reused merchantOrderId is not documented.
        if (orders.has(key)) return phonePeError(409, 'DUPLICATE_ORDER', 'merchantOrderId already used.');
        const expireAfter = typeof body.expireAfter === 'number' ? body.expireAfter : 1200;
        const order: FakeOrder = {
          clientId: merchant.clientId,
          merchantOrderId,
          orderId: nextId('OMO'),
          amount: body.amount,
          expireAtMs: nowMs() + expireAfter * 1000,
          redirectUrl: typeof flow.merchantUrls?.redirectUrl === 'string' ? flow.merchantUrls.redirectUrl : '',
          metaInfo: (body.metaInfo as Record<string, string> | undefined) ?? {},
          state: 'PENDING',
          errorCode: null,
          detailedErrorCode: null,
          reportedAmount: null,
          completedAtMs: null,
          refundedPaise: 0,
        };
        orders.set(key, order);
        ordersById.set(order.orderId, order);
        return json(200, { orderId: order.orderId, state: 'PENDING', expireAt: order.expireAtMs, redirectUrl: `${url}/pay/${order.orderId}` });
      },
    },
    {
      route: null,
      method: 'GET',
      path: /^\/pay\/([A-Za-z0-9]+)$/,
      handle(_request, [orderId]): Reply {
        const order = ordersById.get(orderId ?? '');
        if (!order) return { status: 404, body: 'Unknown order', headers: { 'content-type': 'text/plain' } };
        stateNow(order);
        return { status: 200, body: checkoutPage(order), headers: { 'content-type': 'text/html; charset=utf-8' } };
      },
    },
    {
      route: null,
      method: 'POST',
      path: /^\/pay\/([A-Za-z0-9]+)$/,
      handle(request, [orderId]): Reply {
        const order = ordersById.get(orderId ?? '');
        const choice = new URLSearchParams(request.body).get('choice') as CheckoutChoice | null;
        if (!order || !choice || !CHECKOUT_CHOICES.includes(choice)) return { status: 400, body: 'Unknown order or choice', headers: { 'content-type': 'text/plain' } };
        void choose(order, choice);
        return { status: 302, body: '', headers: { location: order.redirectUrl } };
      },
    },
    {
      route: 'status',
      method: 'GET',
      path: /^\/checkout\/v2\/order\/([^/]+)\/status$/,
      handle(request, [merchantOrderId]) {
        const merchant = merchantOfToken(request);
        if (!merchant) return phonePeError(401, 'UNAUTHORIZED', 'Token is invalid or expired');
        const order = orders.get(`${merchant.clientId}|${decodeURIComponent(merchantOrderId ?? '')}`);
        // Fake's choice: an unknown order answers 404.
        if (!order) return phonePeError(404, 'ORDER_NOT_FOUND', 'No order with this merchantOrderId.');
        return json(200, orderBody(order, merchant));
      },
    },
    {
      route: 'refund',
      method: 'POST',
      path: /^\/payments\/v2\/refund$/,
      handle(request) {
        const merchant = merchantOfToken(request);
        if (!merchant) return phonePeError(401, 'UNAUTHORIZED', 'Token is invalid or expired');
        let body: { merchantRefundId?: unknown; originalMerchantOrderId?: unknown; amount?: unknown };
        try {
          body = JSON.parse(request.body) as typeof body;
        } catch {
          return phonePeError(400, 'BAD_REQUEST', 'Malformed request body');
        }
        const merchantRefundId = typeof body.merchantRefundId === 'string' ? body.merchantRefundId : '';
        if (!MERCHANT_ORDER_ID.test(merchantRefundId)) return phonePeError(400, 'BAD_REQUEST', 'merchantRefundId must not be blank and has at most 63 characters.');
        if (refunds.has(`${merchant.clientId}|${merchantRefundId}`)) return phonePeError(409, 'DUPLICATE_REFUND', 'merchantRefundId already used.');
        const order = orders.get(`${merchant.clientId}|${String(body.originalMerchantOrderId)}`);
        if (!order || stateNow(order) !== 'COMPLETED') return phonePeError(400, 'BAD_REQUEST', 'The original order is not completed.');
        if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100 || body.amount > order.amount - order.refundedPaise) {
          return phonePeError(400, 'BAD_REQUEST', 'Refund amount must be at least 100 paise and at most the amount paid.');
        }
        const refund: FakeRefund = { clientId: merchant.clientId, merchantRefundId, refundId: nextId('OMR'), originalMerchantOrderId: order.merchantOrderId, amount: body.amount, state: 'PENDING' };
        refunds.set(`${merchant.clientId}|${merchantRefundId}`, refund);
        order.refundedPaise += refund.amount;
        const ending = refundEnding;
        later(options.refundSettleMs ?? 1000, () => {
          refund.state = ending;
          if (ending === 'FAILED') order.refundedPaise -= refund.amount;
          void track(deliverRefundWebhook(refund));
        });
        return json(200, { refundId: refund.refundId, amount: refund.amount, state: 'PENDING' });
      },
    },
    {
      route: 'refundStatus',
      method: 'GET',
      path: /^\/payments\/v2\/refund\/([^/]+)\/status$/,
      handle(request, [merchantRefundId]) {
        const merchant = merchantOfToken(request);
        if (!merchant) return phonePeError(401, 'UNAUTHORIZED', 'Token is invalid or expired');
        const refund = refunds.get(`${merchant.clientId}|${decodeURIComponent(merchantRefundId ?? '')}`);
        if (!refund) return phonePeError(404, 'REFUND_NOT_FOUND', 'No refund with this merchantRefundId.');
        return json(200, {
          merchantId: merchant.merchantId ?? 'FAKEMERCHANT',
          merchantRefundId: refund.merchantRefundId,
          originalMerchantOrderId: refund.originalMerchantOrderId,
          refundId: refund.refundId,
          amount: refund.amount,
          state: refund.state,
          errorCode: null,
          paymentDetails: [],
        });
      },
    },
  ];

  const send = (response: ServerResponse, reply: Reply) => {
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(reply.body);
  };

  async function dispatch(request: Request, response: ServerResponse): Promise<void> {
    for (const candidate of routes) {
      if (candidate.method !== request.method) continue;
      const match = candidate.path.exec(request.path);
      if (!match) continue;
      const params = match.slice(1);
      const route = candidate.route;
      if (route) calls.set(route, (calls.get(route) ?? 0) + 1);
      const fault = route ? faults.get(route)?.shift() : undefined;
      if (!fault) return send(response, await candidate.handle(request, params));
      if (fault.kind === 'latency') {
        await wait(fault.ms);
        return send(response, await candidate.handle(request, params));
      }
      // PhonePe acts on the request; its answer is then lost to the fault.
      if (fault.afterHandling) await candidate.handle(request, params);
      if (fault.kind === 'rate-limit') return send(response, phonePeError(429, 'TOO_MANY_REQUESTS', 'Too many requests'));
      if (fault.kind === 'server-error') return send(response, phonePeError(fault.status ?? 503, 'R999', 'Something went wrong'));
      if (fault.kind === 'reset') return void response.socket?.destroy();
      return; // timeout: the socket is held until the client gives up
    }
    send(response, phonePeError(404, 'NOT_FOUND', 'No such API'));
  }

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const parsed = new URL(incoming.url ?? '/', 'http://fake.local');
      const request = { method: incoming.method ?? 'GET', path: parsed.pathname, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') };
      dispatch(request, response).catch(() => send(response, phonePeError(500, 'INTERNAL_SERVER_ERROR', 'fake failed')));
    });
  });

  const orderOf = (merchantOrderId: string) => {
    const order = [...orders.values()].find((candidate) => candidate.merchantOrderId === merchantOrderId);
    if (!order) throw new Error(`the PhonePe fake has no order ${merchantOrderId}`);
    return order;
  };

  return new Promise((resolve) => {
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      url = `http://${options.host ?? '127.0.0.1'}:${port}`;
      resolve({
        url,
        order: (merchantOrderId) => [...orders.values()].find((order) => order.merchantOrderId === merchantOrderId),
        refunds,
        webhookResults,
        callCount: (route) => calls.get(route) ?? 0,
        inject(route, fault) {
          const queue = faults.get(route) ?? [];
          queue.push(fault);
          faults.set(route, queue);
        },
        choose: (merchantOrderId, choice, delivery) => choose(orderOf(merchantOrderId), choice, delivery),
        sendWebhook: (merchantOrderId, override) => track(deliverOnce(orderOf(merchantOrderId), override)),
        settleRefundsAs(state) {
          refundEnding = state;
        },
        reportAmount(merchantOrderId, paise) {
          orderOf(merchantOrderId).reportedAmount = paise;
        },
        addMerchant(merchant) {
          merchants.set(merchant.clientId, merchant);
        },
        revokeTokens() {
          revoked += tokens.size;
          tokens.clear();
        },
        tokensIssued: () => tokens.size + revoked,
        async settled() {
          while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
        },
        stop: () =>
          new Promise((done) => {
            for (const timer of timers) clearTimeout(timer);
            timers.clear();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
