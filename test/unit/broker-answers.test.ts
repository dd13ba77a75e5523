import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { readAngelAnswer } from '../../functions/broker-adapters/angelone/angel-answer';
import {
  AmbiguousOutcomeError,
  BrokerRateLimitedError,
  BrokerRejectedError,
  BrokerSessionExpiredError,
  BrokerUnavailableError,
} from '../../functions/broker-adapters/http/broker-errors';
import { readKiteAnswer } from '../../functions/broker-adapters/zerodha/kite-answer';

const http = (status: number, body: unknown) => ({ status, headers: {}, text: typeof body === 'string' ? body : JSON.stringify(body) });
const orderId = z.object({ order_id: z.string() });
const angelOrderId = z.object({ orderid: z.string() });

describe('Kite answers (reference/brokers.md §2.9)', () => {
  const kiteError = (status: number, errorType: string) => http(status, { status: 'error', message: 'msg', error_type: errorType, data: null });

  it('returns the parsed data of a success envelope', () => {
    expect(readKiteAnswer(http(200, { status: 'success', data: { order_id: '1' } }), 'write', orderId)).toEqual({ order_id: '1' });
  });

  it.each([
    [kiteError(403, 'TokenException'), 'write', BrokerSessionExpiredError],
    [kiteError(400, 'InputException'), 'write', BrokerRejectedError],
    [kiteError(403, 'PermissionException'), 'write', BrokerRejectedError],
    [kiteError(429, 'NetworkException'), 'write', BrokerRateLimitedError],
    [http(429, 'Too many requests'), 'read', BrokerRateLimitedError],
    [kiteError(500, 'OrderException'), 'write', AmbiguousOutcomeError],
    [kiteError(503, 'NetworkException'), 'write', AmbiguousOutcomeError],
    [kiteError(502, 'DataException'), 'read', BrokerUnavailableError],
    [http(200, '<html>gateway</html>'), 'write', AmbiguousOutcomeError],
    [http(200, { status: 'success', data: { id: 1 } }), 'write', AmbiguousOutcomeError],
    [http(200, { status: 'success', data: { id: 1 } }), 'read', BrokerUnavailableError],
  ] as const)('turns %j (%s) into the right error', (answer, mode, errorClass) => {
    expect(() => readKiteAnswer(answer, mode, orderId)).toThrow(errorClass);
  });
});

describe('Angel answers (reference/brokers.md §3.9: errors arrive with HTTP 200)', () => {
  const angelError = (code: string) => http(200, { status: false, message: 'msg', errorcode: code, data: null });

  it('returns the parsed data, accepting the "true" and "null" strings the docs show', () => {
    expect(readAngelAnswer(http(200, { status: true, message: 'SUCCESS', errorcode: '', data: { orderid: '9' } }), 'write', angelOrderId)).toEqual({
      kind: 'data',
      data: { orderid: '9' },
    });
    expect(readAngelAnswer(http(200, { status: 'true', data: 'null' }), 'read', z.null())).toEqual({ kind: 'data', data: null });
  });

  it('reports a refused JWT so the caller can refresh it', () => {
    expect(readAngelAnswer(angelError('AG8001'), 'write', angelOrderId)).toEqual({ kind: 'token-expired' });
    expect(readAngelAnswer(angelError('AG8002'), 'read', angelOrderId)).toEqual({ kind: 'token-expired' });
  });

  it.each([
    [angelError('AG8003'), 'read', BrokerSessionExpiredError],
    [angelError('AB1010'), 'write', BrokerSessionExpiredError],
    [angelError('AB1009'), 'write', BrokerRejectedError],
    [angelError('AB4008'), 'write', BrokerRejectedError],
    [angelError('AG7002'), 'write', BrokerRejectedError],
    [http(200, { status: 'false', message: 'msg', errorcode: 'AB1012', data: 'null' }), 'write', BrokerRejectedError],
    [angelError('AB2001'), 'write', AmbiguousOutcomeError],
    [angelError('AB1004'), 'read', BrokerUnavailableError],
    [http(429, 'Access denied because of exceeding access rate'), 'read', BrokerRateLimitedError],
    [http(403, 'Access denied because of exceeding access rate'), 'read', BrokerRateLimitedError],
    [http(429, 'Access denied because of exceeding access rate'), 'write', AmbiguousOutcomeError],
    [http(500, { status: false, errorcode: 'AB2001' }), 'read', BrokerUnavailableError],
    [http(200, 'not json'), 'write', AmbiguousOutcomeError],
  ] as const)('turns %j (%s) into the right error', (answer, mode, errorClass) => {
    expect(() => readAngelAnswer(answer, mode, angelOrderId)).toThrow(errorClass);
  });
});
