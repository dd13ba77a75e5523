import { useRef } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';

/**
 * The idempotency key of one ticket submission. Sending the same body again (a retry after a lost
 * answer) reuses the key, so the server answers the first order instead of placing a second; a changed
 * body, or any submission after a definite answer, gets a new key.
 */
export function useSubmissionKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor(body: Record<string, unknown>): string {
      const fingerprint = JSON.stringify(body);
      if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: newIdempotencyKey('order') };
      return current.current.key;
    },
    /** The submission got a definite answer: the next one is a new order. */
    settle(): void {
      current.current = null;
    },
  };
}
