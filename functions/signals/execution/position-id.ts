import { createHash } from 'node:crypto';

/**
 * The order-manager position id of one (signal, plan, account) — ADR 0008's exactly-once key. Derived,
 * not drawn: a redelivered, duplicated or replayed signal computes the same id, finds the position the
 * first run wrote (`attribute_not_exists`) and continues from its state instead of making another.
 *
 * ULID-shaped so the order manager's id validation takes it: 26 Crockford base32 characters from a
 * SHA-256 of the three parts, the first one kept within 0–7 like a ULID's (whose first character holds
 * only the top 3 bits of a 48-bit time), so libraries decoding ULIDs never overflow on it.
 */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ID_LENGTH = 26;

export function positionIdOf(signalId: string, planId: string, brokerId: string): string {
  const hash = createHash('sha256');
  // Length-prefixed parts: ("ab", "c") and ("a", "bc") differ.
  for (const part of [signalId, planId, brokerId]) hash.update(`${Buffer.byteLength(part, 'utf8')}:`).update(part, 'utf8');
  let bits = BigInt(`0x${hash.digest('hex')}`) >> BigInt(256 - 3 - 5 * (ID_LENGTH - 1));
  const chars: string[] = [];
  for (let index = 0; index < ID_LENGTH; index += 1) {
    chars.unshift(CROCKFORD[Number(bits & 31n)] as string);
    bits >>= 5n;
  }
  return chars.join('');
}
