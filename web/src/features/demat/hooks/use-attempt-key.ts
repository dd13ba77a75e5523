import { useState } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';

/**
 * An idempotency key for one purchase attempt: it stays while the choice stays (so a retry after a lost
 * answer is charged once) and is new as soon as the choice changes (another purchase, another key).
 */
export function useAttemptKey(choice: string | null): string {
  const [attempt, setAttempt] = useState(() => ({ choice, key: newIdempotencyKey() }));
  if (attempt.choice === choice) return attempt.key;
  const next = { choice, key: newIdempotencyKey() };
  setAttempt(next);
  return next.key;
}
