import { describe, expect, it } from 'vitest';
import { kiteChecksum, kiteLoginUrl } from '../../functions/broker-adapters/zerodha/kite-login';
import { kiteSessionValidUntil } from '../../functions/broker-adapters/zerodha/kite-session';

describe('Kite login helpers (reference/brokers.md §2.1)', () => {
  it('builds the login URL with the api key and v=3', () => {
    expect(kiteLoginUrl('kitefront')).toBe('https://kite.zerodha.com/connect/login?api_key=kitefront&v=3');
  });

  it('checksums api_key + request_token + api_secret with SHA-256 (hex)', () => {
    expect(kiteChecksum('kitefront', 'reqtoken123', 'apisecret456')).toBe('713aa68e7aef4b48eb71eadb4e92eafbf050140c4af41453a9501935dca598e1');
  });

  it('ends a session at the next 06:00 IST (00:30 UTC)', () => {
    expect(new Date(kiteSessionValidUntil(Date.parse('2026-01-05T03:45:00Z'))).toISOString()).toBe('2026-01-06T00:30:00.000Z');
    expect(new Date(kiteSessionValidUntil(Date.parse('2026-01-05T00:29:59Z'))).toISOString()).toBe('2026-01-05T00:30:00.000Z');
    expect(new Date(kiteSessionValidUntil(Date.parse('2026-01-05T00:30:00Z'))).toISOString()).toBe('2026-01-06T00:30:00.000Z');
    expect(new Date(kiteSessionValidUntil(Date.parse('2026-01-05T20:00:00Z'))).toISOString()).toBe('2026-01-06T00:30:00.000Z');
  });
});
