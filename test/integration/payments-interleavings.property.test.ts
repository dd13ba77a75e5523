import { createHash, randomInt, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { closePayment } from '../../functions/data/payments/payment-transitions';
import { listPayments } from '../../functions/data/payments/payments-repository';
import type { StoredPayment } from '../../functions/data/payments/stored-payment';
import { createUser, NEW_USER_DEFAULTS } from '../../functions/data/users-repository';
import { listWholeLedger } from '../../functions/data/wallet/ledger-repository';
import { makePayment, PaymentProviderError } from '../../functions/payments/make-payment';
import { savePhonePeConfig } from '../../functions/payments/phonepe-config';
import { receivePhonePeWebhook } from '../../functions/payments/phonepe-webhook';
import { loadPhonePeSettings } from '../../functions/payments/phonepe-settings';
import { readPaymentStatus } from '../../functions/payments/read-payment';
import { reconcileDuePayments } from '../../functions/payments/reconcile-payments';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderOrderStatus,
} from '../../functions/payments/provider/payment-provider';
import { nowMs, useClock, useWallClock } from '../../functions/platform/clock';
import { createLogger } from '../../functions/platform/logger';
import { createWalletMover, type WalletMover } from '../../functions/wallet/move-wallet';
import { auditWallet } from '../../functions/wallet/wallet-reads';
import { seeded } from '../support/seeded-random';

/**
 * Each payment is credited exactly once, and only when PhonePe says COMPLETED for its amount (issue 17),
 * over generated interleavings: 1–2 payments per run, each ending at PhonePe as completed, completed for
 * another amount, failed, or never; webhooks 0–5 times per payment, status reads (the wallet page after
 * the redirect) and reconciliation runs, in any order, 1–3 at once, through two processes (two wallet
 * movers); PhonePe time-outs and rate limits on any call, a lost answer to the pay call, a crash after
 * PhonePe's answer before our write, and a crash after our write before the answer. After a final
 * settling (a webhook per payment and a schedule run, without faults): credited once iff COMPLETED with
 * the same amount, balance = Σ ledger, never below zero, each payment in the state its outcome implies.
 * Seeded: a failing run's plan is printed with its index (its faults depend on timing when runs overlap).
 */
const RUNS = 200;
/** Runs at once, each in a franchise of its own. */
const LANES = 4;
const SEED = 0x0017_9a7e;
const log = createLogger({ test: 'payments-property' }, 'error');
afterAll(() => useWallClock());

/**
 * One clock for every run, moved only forward (runs go four at a time; a ledger's entries must stay in
 * time order): each event moves it a few seconds, a schedule run minutes, or a day.
 */
let clock = 0;


/** The process died after PhonePe answered, before (or after) our write: the caller never hears back. */
class ProcessCrash extends Error {}

type Outcome = 'complete' | 'mismatch' | 'fail' | 'never';
type Event =
  | { readonly kind: 'settle'; readonly payment: number }
  | { readonly kind: 'webhook'; readonly payment: number; readonly process: number }
  | { readonly kind: 'read'; readonly payment: number; readonly process: number }
  | { readonly kind: 'reconcile'; readonly advanceMs: number; readonly process: number };

interface Plan {
  readonly amounts: readonly number[];
  readonly outcomes: readonly Outcome[];
  readonly steps: readonly (readonly Event[])[];
}

function planOf(random: () => number): Plan {
  const int = (max: number) => Math.floor(random() * (max + 1));
  const count = 1 + int(1);
  const amounts = Array.from({ length: count }, () => 100 + int(random() < 0.3 ? 9_999_900 : 99_900));
  const outcomes = amounts.map((): Outcome => {
    const roll = random();
    return roll < 0.55 ? 'complete' : roll < 0.65 ? 'mismatch' : roll < 0.8 ? 'fail' : 'never';
  });
  const events: Event[] = [];
  outcomes.forEach((outcome, payment) => {
    if (outcome !== 'never') events.push({ kind: 'settle', payment });
    for (let n = int(5); n > 0; n -= 1) events.push({ kind: 'webhook', payment, process: int(1) });
    for (let n = int(3); n > 0; n -= 1) events.push({ kind: 'read', payment, process: int(1) });
  });
  for (let n = int(3); n > 0; n -= 1) events.push({ kind: 'reconcile', advanceMs: random() < 0.06 ? 25 * 3_600_000 : (2 + int(68)) * 60_000, process: int(1) });
  for (let index = events.length - 1; index > 0; index -= 1) {
    const other = int(index);
    [events[index], events[other]] = [events[other] as Event, events[index] as Event];
  }
  const steps: Event[][] = [];
  while (events.length > 0) steps.push(events.splice(0, 1 + int(2)));
  return { amounts, outcomes, steps };
}

/** PhonePe as a model behind the provider port, failing where the run's dice say. */
class ModelGateway implements PaymentProvider {
  readonly orders = new Map<string, { amount: number; reported: number; state: 'PENDING' | 'COMPLETED' | 'FAILED' }>();
  faults = true;
  constructor(private readonly random: () => number) {}

  private roll(): number {
    return this.faults ? this.random() : 1;
  }

  async createOrder(request: Parameters<PaymentProvider['createOrder']>[0]) {
    const roll = this.roll();
    if (roll < 0.08) throw new ProviderUnavailableError('time-out before PhonePe took the order');
    if (roll < 0.11) throw new ProviderRejectedError(400, 'BAD_REQUEST', 'refused');
    this.orders.set(request.merchantOrderId, { amount: request.amountPaise, reported: request.amountPaise, state: 'PENDING' });
    if (roll < 0.19) throw new ProviderUnavailableError('time-out after PhonePe took the order');
    return { providerOrderId: `OMO${request.merchantOrderId}`, checkoutUrl: 'https://pay.example/checkout', expireAtMs: null, state: 'PENDING' };
  }

  async orderStatus(merchantOrderId: string): Promise<ProviderOrderStatus> {
    const roll = this.roll();
    if (roll < 0.1) throw new ProviderUnavailableError('status time-out');
    if (roll < 0.14) throw new ProviderUnavailableError('rate limited');
    const order = this.orders.get(merchantOrderId);
    const answer: ProviderOrderStatus = order
      ? { found: true, state: order.state, amountPaise: order.reported, merchantOrderId, errorCode: order.state === 'FAILED' ? 'PAYMENT_ERROR' : null, detailedErrorCode: null }
      : { found: false };
    if (roll < 0.21) throw new ProcessCrash('crashed after PhonePe answered');
    return answer;
  }

  refund(): never {
    throw new Error('not in this test');
  }

  refundStatus(): never {
    throw new Error('not in this test');
  }
}

const WEBHOOK_USER = 'tb_property';
const WEBHOOK_PASSWORD = 'propertyPass1';
const AUTHORIZATION = createHash('sha256').update(`${WEBHOOK_USER}:${WEBHOOK_PASSWORD}`).digest('hex');

async function runOnce(run: number, frchId: number): Promise<void> {
  const random = seeded(SEED + run);
  const plan = planOf(random);
  const gateway = new ModelGateway(seeded(SEED + run + 1_000_000));
  const now = () => new Date(clock);
  const movers = [createWalletMover(), createWalletMover()];
  const crashes = seeded(SEED + run + 2_000_000);
  const moveOf = (process: number): WalletMover['move'] => {
    const mover = movers[process] as WalletMover;
    return (async (request: Parameters<WalletMover['move']>[0], alongside?: Parameters<WalletMover['move']>[1]) => {
      const answer = await mover.move(request, alongside ?? []);
      if (gateway.faults && crashes() < 0.08) throw new ProcessCrash('crashed after our write');
      return answer;
    }) as WalletMover['move'];
  };
  await savePhonePeConfig(frchId, 0, { client_id: 'MODEL', client_secret: 'model-secret', client_version: 1, webhook_username: WEBHOOK_USER, webhook_password: WEBHOOK_PASSWORD, environment: 'SANDBOX', enabled: true }, 'http://model/webhook', now());
  const settings = await loadPhonePeSettings(frchId);
  const user = await createUser({ frch_id: frchId, email: `p-${randomUUID()}@prop.local`, first_name: 'Prop', last_name: 'Payer', mobile_no: `7${String(randomInt(0, 1e9)).padStart(9, '0')}`, ...NEW_USER_DEFAULTS, password_hash: 'x' });
  const owner = { frchId, userId: user.user_id };
  const context = (process: number) => ({ now, log, providerFor: () => gateway, move: moveOf(process) });

  const payments: StoredPayment[] = [];
  for (const amount of plan.amounts) {
    try {
      payments.push((await makePayment(owner, amount, { settings, provider: () => gateway, returnUrlFor: () => 'http://model/wallet', now, log })).payment);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      const page = await listPayments(owner, { limit: 10 });
      const recorded = page.items.find((item) => !payments.some((known) => known.payment_id === item.payment_id));
      if (!recorded) throw new Error('the refused payment was not recorded');
      payments.push(recorded);
    }
  }
  const webhook = (payment: StoredPayment, process: number) =>
    receivePhonePeWebhook(
      { frchId, rawBody: JSON.stringify({ event: 'checkout.order.completed', payload: { merchantOrderId: payment.merchant_order_id, state: 'COMPLETED', amount: payment.amount_paise } }), authorization: AUTHORIZATION, sourceIp: '127.0.0.1' },
      context(process),
    );
  const perform = async (event: Event) => {
    clock += 1_000 + Math.floor(random() * 9_000);
    if (event.kind === 'settle') {
      const payment = payments[event.payment] as StoredPayment;
      const order = gateway.orders.get(payment.merchant_order_id);
      const outcome = plan.outcomes[event.payment];
      if (order) {
        order.state = outcome === 'fail' ? 'FAILED' : 'COMPLETED';
        if (outcome === 'mismatch') order.reported = order.amount + 100;
      }
      return;
    }
    if (event.kind === 'reconcile') {
      clock += event.advanceMs;
      await reconcileDuePayments({ now, log, franchises: new Set([frchId]), providerFor: () => gateway, move: moveOf(event.process) });
      return;
    }
    const payment = payments[event.payment] as StoredPayment;
    try {
      if (event.kind === 'webhook') await webhook(payment, event.process);
      else await readPaymentStatus(owner, payment.payment_id, context(event.process));
    } catch (error) {
      if (!(error instanceof ProcessCrash)) throw error;
    }
  };
  for (const step of plan.steps) await Promise.all(step.map(perform));

  // Settle: no more faults; PhonePe's webhook for every order it holds, and a schedule run past every back-off.
  gateway.faults = false;
  for (const payment of payments) if (gateway.orders.has(payment.merchant_order_id)) await webhook(payment, 0);
  clock += 2 * 3_600_000;
  await reconcileDuePayments({ now, log, franchises: new Set([frchId]), providerFor: () => gateway, move: moveOf(1) });

  const [ledger, audit, stored] = await Promise.all([listWholeLedger(owner), auditWallet(owner), listPayments(owner, { limit: 10 })]);
  const label = `run ${run}: ${JSON.stringify(plan)}`;
  expect(audit.chainIntact, label).toBe(true);
  expect(audit.ledgerSumPaise, label).toBe(audit.balancePaise);
  let expectedBalance = 0;
  for (const [index, payment] of payments.entries()) {
    const final = stored.items.find((item) => item.payment_id === payment.payment_id);
    const credits = ledger.filter((entry) => entry.reference.payment_id === payment.payment_id);
    const atPhonePe = gateway.orders.get(payment.merchant_order_id);
    const outcome = plan.outcomes[index];
    const credited = Boolean(atPhonePe) && outcome === 'complete';
    expect(credits.length, `${label} payment ${index} credits`).toBe(credited ? 1 : 0);
    if (credited) {
      expectedBalance += payment.amount_paise;
      expect(credits[0]?.amount_paise, label).toBe(payment.amount_paise);
      expect(final?.state, label).toBe('completed');
    } else if (!atPhonePe) expect(['failed', 'expired'], label).toContain(final?.state);
    else if (outcome === 'mismatch') expect(final?.state, label).toBe('review');
    else if (outcome === 'fail') expect(['failed', 'expired'], label).toContain(final?.state);
    else expect(['created', 'pending', 'expired'], label).toContain(final?.state);
  }
  expect(audit.balancePaise, label).toBe(expectedBalance);
  // Housekeeping: what this run left open leaves the schedule's index, so later runs' schedule reads stay small.
  for (const payment of stored.items) await closePayment(payment, 'expired', 'closed by the test', null, now());
}

describe('payments over generated interleavings', () => {
  it(`credits each payment exactly once, only when PhonePe says COMPLETED for its amount (${RUNS} runs)`, async () => {
    const base = 500_000 + randomInt(0, 99_000);
    clock = nowMs();
    useClock(() => clock);
    let next = 0;
    const lanes = Array.from({ length: LANES }, async () => {
      while (next < RUNS) {
        const run = next;
        next += 1;
        await runOnce(run, base + run);
      }
    });
    await Promise.all(lanes);
  }, 300_000);
});
