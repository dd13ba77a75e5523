import { describe, expect, it } from 'vitest';
import { minuteBucketOf, signalIdOf } from '../../functions/signals/signal-identity';

const BODY = '{"transaction_type":"BUY","script":"SBIN"}';
const AT = new Date('2025-11-20T04:00:10.000Z'); // 09:30:10 IST
const base = { bridgeId: 'bridge-a', providerSignalId: null, body: BODY, receivedAt: AT };

describe('signal id', () => {
  it('is 64 hex characters, within the SQS FIFO dedup id limit of 128', () => {
    expect(signalIdOf(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is stable: the same input always gives the same id', () => {
    expect(signalIdOf({ ...base })).toBe(signalIdOf(base));
  });

  const differentFrom: readonly [string, Partial<typeof base>][] = [
    ['the same body next minute', { receivedAt: new Date('2025-11-20T04:01:00.000Z') }],
    ['the same body on another bridge', { bridgeId: 'bridge-b' }],
    ['a body differing by one space', { body: `${BODY} ` }],
  ];

  it('repeats for a retry later in the same minute', () => {
    expect(signalIdOf({ ...base, receivedAt: new Date('2025-11-20T04:00:59.999Z') })).toBe(signalIdOf(base));
  });

  it('repeats for a provider-named signal resent a day later, whatever the body', () => {
    const named = { ...base, providerSignalId: 'tv-1' };
    expect(signalIdOf({ ...named, body: 'another body', receivedAt: new Date('2025-11-21T04:00:00.000Z') })).toBe(signalIdOf(named));
  });

  for (const [name, change] of differentFrom) {
    it(`changes for ${name}`, () => {
      expect(signalIdOf({ ...base, ...change })).not.toBe(signalIdOf(base));
    });
  }

  it('keeps provider ids per bridge, and never equal to a body id', () => {
    const named = { ...base, providerSignalId: 'tv-1' };
    expect(signalIdOf({ ...named, bridgeId: 'bridge-b' })).not.toBe(signalIdOf(named));
    expect(signalIdOf({ ...base, providerSignalId: BODY })).not.toBe(signalIdOf(base));
  });

  it('separates its parts: moving a character between bridge id and body changes the id', () => {
    expect(signalIdOf({ ...base, bridgeId: 'ab', body: 'c' })).not.toBe(signalIdOf({ ...base, bridgeId: 'a', body: 'bc' }));
  });

  it('buckets by whole UTC minutes, which are also whole IST minutes (IST is UTC+05:30)', () => {
    expect(minuteBucketOf(new Date('2025-11-20T04:00:00.000Z'))).toBe(minuteBucketOf(new Date('2025-11-20T04:00:59.999Z')));
    expect(minuteBucketOf(new Date('2025-11-20T04:01:00.000Z'))).toBe(minuteBucketOf(AT) + 1);
  });

  it('gives a fresh id for each minute across a trading day (property)', () => {
    const ids = new Set<string>();
    for (let minute = 0; minute < 375; minute += 1) ids.add(signalIdOf({ ...base, receivedAt: new Date(AT.getTime() + minute * 60_000) }));
    expect(ids.size).toBe(375);
  });
});
