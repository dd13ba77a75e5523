import { describe, expect, it } from 'vitest';
import { arrivalSignalId, bodyDigestOf, namedSignalId } from '../../functions/signals/signal-identity';

const BODY = '{"transaction_type":"BUY","script":"SBIN"}';
const AT = new Date('2025-11-20T04:00:10.000Z'); // 09:30:10 IST

describe('signal id', () => {
  it('is 64 hex characters for every kind, within the SQS FIFO dedup id limit of 128', () => {
    for (const id of [namedSignalId('bridge-a', 'tv-1'), bodyDigestOf('bridge-a', BODY), arrivalSignalId('bridge-a', BODY, AT)]) expect(id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('repeats for a provider-named signal whenever it is resent', () => {
    expect(namedSignalId('bridge-a', 'tv-1')).toBe(namedSignalId('bridge-a', 'tv-1'));
  });

  it('keeps provider ids per bridge, and never equal to a body digest or an arrival id', () => {
    expect(namedSignalId('bridge-b', 'tv-1')).not.toBe(namedSignalId('bridge-a', 'tv-1'));
    expect(namedSignalId('bridge-a', BODY)).not.toBe(bodyDigestOf('bridge-a', BODY));
  });

  it('digests one body on one bridge alike, whenever it arrives, and apart on another bridge or with one more space', () => {
    expect(bodyDigestOf('bridge-a', BODY)).toBe(bodyDigestOf('bridge-a', BODY));
    expect(bodyDigestOf('bridge-b', BODY)).not.toBe(bodyDigestOf('bridge-a', BODY));
    expect(bodyDigestOf('bridge-a', `${BODY} `)).not.toBe(bodyDigestOf('bridge-a', BODY));
  });

  it('separates its parts: moving a character between bridge id and body changes the digest', () => {
    expect(bodyDigestOf('ab', 'c')).not.toBe(bodyDigestOf('a', 'bc'));
  });

  it('gives each arrival a fresh id, even the same body in the same millisecond (the retry window, not the id, joins retries)', () => {
    const ids = new Set(Array.from({ length: 500 }, () => arrivalSignalId('bridge-a', BODY, AT)));
    expect(ids.size).toBe(500);
    expect(arrivalSignalId('bridge-a', BODY, AT, 'fixed')).toBe(arrivalSignalId('bridge-a', BODY, AT, 'fixed'));
    expect(arrivalSignalId('bridge-a', BODY, new Date(AT.getTime() + 1), 'fixed')).not.toBe(arrivalSignalId('bridge-a', BODY, AT, 'fixed'));
  });
});
