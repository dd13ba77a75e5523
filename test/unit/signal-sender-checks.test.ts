import { describe, expect, it } from 'vitest';
import { addressAllowed, canonicalAddress, isAddress, TRADINGVIEW_WEBHOOK_ADDRESSES } from '../../functions/signals/intake/sender-addresses';
import { signatureHeaderOf, signatureOf, verifySignature } from '../../functions/signals/intake/signature';

const SECRET = 'whsec_test_0123456789abcdef';
const BODY = '{"transaction_type":"BUY","script":"SBIN"}';
const NOW = new Date('2026-11-20T05:00:00Z');
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

describe('verifySignature', () => {
  it('accepts the header a sender builds with the secret over t.body', () => {
    expect(verifySignature(signatureHeaderOf(SECRET, BODY, NOW), BODY, SECRET, NOW)).toEqual({ ok: true });
  });

  it('refuses a missing, malformed, stale, future or forged header with the reason', () => {
    const t = seconds(NOW);
    const cases: readonly [string | undefined, RegExp][] = [
      [undefined, /requires a signed request/],
      ['', /requires a signed request/],
      ['v1=abc', /must read t=/],
      [`t=${t}`, /must read t=/],
      [`t=${t - 301},v1=${signatureOf(SECRET, t - 301, BODY)}`, /more than 300 s/],
      [`t=${t + 301},v1=${signatureOf(SECRET, t + 301, BODY)}`, /more than 300 s/],
      [`t=${t},v1=${signatureOf('other-secret', t, BODY)}`, /does not match/],
      [`t=${t},v1=${signatureOf(SECRET, t, `${BODY} `)}`, /does not match/],
      // A signature made for another timestamp does not verify under this one.
      [`t=${t},v1=${signatureOf(SECRET, t - 1, BODY)}`, /does not match/],
    ];
    for (const [header, reason] of cases) {
      const verdict = verifySignature(header, BODY, SECRET, NOW);
      expect(verdict.ok, String(header)).toBe(false);
      if (!verdict.ok) expect(verdict.reason).toMatch(reason);
    }
  });

  it('takes the edge of the window both ways and any one of several v1 values, ignoring other schemes', () => {
    const t = seconds(NOW);
    expect(verifySignature(`t=${t - 300},v1=${signatureOf(SECRET, t - 300, BODY)}`, BODY, SECRET, NOW).ok).toBe(true);
    expect(verifySignature(`t=${t + 300},v1=${signatureOf(SECRET, t + 300, BODY)}`, BODY, SECRET, NOW).ok).toBe(true);
    const header = `t=${t},v0=${'0'.repeat(64)},v1=${signatureOf('old', t, BODY)},v1=${signatureOf(SECRET, t, BODY).toUpperCase()}`;
    expect(verifySignature(header, BODY, SECRET, NOW).ok).toBe(true);
  });
});

describe('source allowlist', () => {
  it('lets everyone in without a list and only listed addresses with one', () => {
    expect(addressAllowed('203.0.113.9', null)).toBe(true);
    expect(addressAllowed('203.0.113.9', [])).toBe(true);
    expect(addressAllowed('52.89.214.238', TRADINGVIEW_WEBHOOK_ADDRESSES)).toBe(true);
    expect(addressAllowed('::ffff:52.32.178.7', TRADINGVIEW_WEBHOOK_ADDRESSES)).toBe(true);
    expect(addressAllowed('52.89.214.239', TRADINGVIEW_WEBHOOK_ADDRESSES)).toBe(false);
    expect(addressAllowed('2001:DB8::1', ['2001:db8::1'])).toBe(true);
  });

  it('knows an address from a word', () => {
    expect(isAddress('52.89.214.238')).toBe(true);
    expect(isAddress('2001:db8::1')).toBe(true);
    expect(isAddress('tradingview.com')).toBe(false);
    expect(isAddress('300.1.1.1')).toBe(false);
    expect(canonicalAddress(' ::FFFF:10.0.0.1 ')).toBe('10.0.0.1');
  });
});
