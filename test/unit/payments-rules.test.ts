import { describe, expect, it } from 'vitest';
import { paymentContracts } from '../../shared/contracts/payments';
import { updatePhonePeConfigSchema } from '../../shared/contracts/phonepe-config';
import type { StoredPayment } from '../../functions/data/payments/stored-payment';
import { decide } from '../../functions/payments/payment-decision';
import { nextCheckAt } from '../../functions/payments/payment-schedule';
import { phonePeWebhookUrl, siteOrigin, walletReturnUrl } from '../../functions/payments/payment-urls';
import { paymentView } from '../../functions/payments/payment-view';
import { PHONEPE_ENDPOINT_ENV, phonePeHosts } from '../../functions/payments/phonepe/phonepe-endpoints';
import { isPhonePeWebhookAuthorized, phonePeWebhookAuthorization } from '../../functions/payments/phonepe/phonepe-webhook-auth';
import type { IncomingRequest } from '../../functions/platform/http/request';

const payment = (fields: Partial<StoredPayment> = {}): StoredPayment => ({
  entity: 'payment',
  payment_id: '01J0000000000000000000000A',
  frch_id: 1,
  user_id: 7,
  method: 'PHONEPE',
  amount_paise: 50_000,
  merchant_order_id: 'TB-01J0000000000000000000000A',
  state: 'pending',
  provider_order_id: 'OMO1',
  checkout_url: 'https://pay',
  provider_expire_at: null,
  provider_state: 'PENDING',
  failure_reason: null,
  checks: 0,
  last_checked_at: null,
  next_check_at: null,
  give_up_at: '2030-01-01T00:00:00.000Z',
  credit_key: null,
  credited_at: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

const status = (state: string, amountPaise: number | null = 50_000, merchantOrderId: string | null = 'TB-01J0000000000000000000000A') =>
  ({ found: true, state, amountPaise, merchantOrderId, errorCode: state === 'FAILED' ? 'PAYMENT_ERROR' : null, detailedErrorCode: state === 'FAILED' ? 'ZM' : null }) as const;

describe('the credit rule (decide)', () => {
  it('credits only COMPLETED for the same amount and order', () => {
    expect(decide(payment(), status('COMPLETED'))).toEqual({ kind: 'credit', providerState: 'COMPLETED' });
    expect(decide(payment(), status('completed'))).toEqual({ kind: 'credit', providerState: 'COMPLETED' });
    expect(decide(payment(), status('COMPLETED', 50_001))).toEqual({ kind: 'review', reason: 'PhonePe reported ₹500.01 for a payment of ₹500.00.', providerState: 'COMPLETED' });
    expect(decide(payment(), status('COMPLETED', null)).kind).toBe('review');
    expect(decide(payment(), status('COMPLETED', 50_000, 'TB-OTHER')).kind).toBe('review');
  });

  it('ends FAILED and EXPIRED orders, waits on anything else', () => {
    expect(decide(payment(), status('FAILED'))).toEqual({ kind: 'close', to: 'failed', reason: 'The payment did not go through (PAYMENT_ERROR / ZM).', providerState: 'FAILED' });
    expect(decide(payment(), status('EXPIRED'))).toMatchObject({ kind: 'close', to: 'expired' });
    for (const state of ['PENDING', 'CREATED', 'SOMETHING_NEW']) expect(decide(payment(), status(state))).toEqual({ kind: 'wait', providerState: state });
  });

  it('fails a payment PhonePe never took when PhonePe does not know the order, and waits otherwise', () => {
    expect(decide(payment({ state: 'created' }), { found: false })).toMatchObject({ kind: 'close', to: 'failed' });
    expect(decide(payment({ state: 'pending' }), { found: false })).toEqual({ kind: 'wait', providerState: 'PENDING' });
  });
});

describe('PhonePe webhook authorization', () => {
  it('is the hex SHA-256 of username:password (the SDK test vector)', () => {
    expect(phonePeWebhookAuthorization('username', 'password')).toBe('bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0e');
  });

  it('accepts exactly that value (case and a SHA256 prefix aside), nothing else', () => {
    const good = phonePeWebhookAuthorization('tb_user', 'secret123');
    expect(isPhonePeWebhookAuthorized(good, 'tb_user', 'secret123')).toBe(true);
    expect(isPhonePeWebhookAuthorized(`SHA256 ${good.toUpperCase()}`, 'tb_user', 'secret123')).toBe(true);
    for (const bad of [undefined, '', good.slice(1), `${good}0`, phonePeWebhookAuthorization('tb_user', 'secret124'), 'tb_user:secret123']) {
      expect(isPhonePeWebhookAuthorized(bad, 'tb_user', 'secret123'), String(bad)).toBe(false);
    }
  });
});

describe('payment schedule, views and addresses', () => {
  it('backs off 1, 1, 2, 3, 5, 10, 15, 30 minutes, then hourly', () => {
    const start = new Date('2026-03-02T10:00:00.000Z');
    const gaps = Array.from({ length: 11 }, (_, checks) => (nextCheckAt(checks, start).getTime() - start.getTime()) / 60_000);
    expect(gaps).toEqual([1, 1, 2, 3, 5, 10, 15, 30, 60, 60, 60]);
  });

  it('shows a payment not yet at PhonePe as pending, with rupees and words', () => {
    expect(paymentView(payment({ state: 'created', amount_paise: 12_345 }))).toMatchObject({ state: 'pending', state_text: 'Payment pending', amount: 123.45, amount_paise: 12_345 });
    expect(paymentView(payment({ state: 'review' })).state_text).toBe('Payment under review');
  });

  it('builds the return and webhook URLs on the request host (https, http for this machine)', () => {
    const request = (host: string) => ({ headers: { 'x-tenant-host': host }, host }) as unknown as IncomingRequest;
    expect(walletReturnUrl(siteOrigin(request('brand.example.com')), '01J0')).toBe('https://brand.example.com/platform/wallet?payment=01J0');
    expect(phonePeWebhookUrl(siteOrigin(request('127.0.0.1:8080')), 3)).toBe('http://127.0.0.1:8080/api/v4/payment/webhook/phonepe/3');
  });

  it("uses PhonePe's hosts unless the environment points elsewhere", () => {
    const saved = process.env[PHONEPE_ENDPOINT_ENV.sandbox];
    delete process.env[PHONEPE_ENDPOINT_ENV.sandbox];
    expect(phonePeHosts('SANDBOX')).toEqual({ oauth: 'https://api-preprod.phonepe.com/apis/pg-sandbox', pg: 'https://api-preprod.phonepe.com/apis/pg-sandbox' });
    expect(phonePeHosts('PRODUCTION')).toEqual({ oauth: 'https://api.phonepe.com/apis/identity-manager', pg: 'https://api.phonepe.com/apis/pg' });
    process.env[PHONEPE_ENDPOINT_ENV.sandbox] = 'http://127.0.0.1:9999/';
    expect(phonePeHosts('SANDBOX').pg).toBe('http://127.0.0.1:9999');
    if (saved === undefined) delete process.env[PHONEPE_ENDPOINT_ENV.sandbox];
    else process.env[PHONEPE_ENDPOINT_ENV.sandbox] = saved;
  });
});

describe('payment contracts', () => {
  it('takes rupee amounts in whole paise, more than zero, at most ₹10,00,000', () => {
    const request = paymentContracts.makePayment.request;
    expect(request.parse({ amount: 499.5 })).toEqual({ amount: 499.5, payment_api: 'PHONEPE' });
    for (const amount of [0, -1, 10.255, 1_000_000.01, Number.NaN]) expect(request.safeParse({ amount }).success, String(amount)).toBe(false);
    expect(request.safeParse({ amount: 10, payment_api: 'BANK' }).success).toBe(false);
  });

  it('keeps PhonePe webhook credentials within its rules, blank secrets meaning "keep"', () => {
    const base = { client_id: 'M1', client_version: 1, webhook_username: 'tb_user', environment: 'SANDBOX', enabled: false };
    expect(updatePhonePeConfigSchema.parse(base)).toMatchObject({ client_secret: '', webhook_password: '' });
    expect(updatePhonePeConfigSchema.safeParse({ ...base, webhook_password: 'abc12345' }).success).toBe(true);
    for (const webhook_password of ['short1', 'nodigitshere', '12345678', 'has space 1']) {
      expect(updatePhonePeConfigSchema.safeParse({ ...base, webhook_password }).success, webhook_password).toBe(false);
    }
  });
});
