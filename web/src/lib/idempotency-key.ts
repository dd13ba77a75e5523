/** A fresh idempotency key (`plan-` + 32 hex digits) that the contract's 8–64 [A-Za-z0-9_-] rule accepts. */
export function newIdempotencyKey(prefix = 'plan'): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
