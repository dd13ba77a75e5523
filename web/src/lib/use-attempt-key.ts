import { useState } from 'react';
import { newIdempotencyKey } from './idempotency-key';

/**
 * An idempotency key for one purchase attempt: it stays while the choice stays (so a retry after a lost
 * answer is charged once) and is new as soon as the choice changes (another purchase, another key).
 */
export function useAttemptKey(choice: string | null, prefix?: string): string {
  const [attempt, setAttempt] = useState(() => ({ choice, key: newIdempotencyKey(prefix) }));
  if (attempt.choice === choice) return attempt.key;
  const next = { choice, key: newIdempotencyKey(prefix) };
  setAttempt(next);
  return next.key;
}
