import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/**
 * Subscriptions to one strategy all write its group item (the counters), so many arriving together make
 * DynamoDB cancel some transactions as conflicting. Such a transaction wrote nothing; it is tried again
 * after a short random pause, a few times, before the conflict is reported.
 */
const MAX_ATTEMPTS = 12;
const BASE_PAUSE_MS = 15;

function isConflict(error: unknown): boolean {
  return error instanceof TransactionCanceledException && (error.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict');
}

export async function retryOnConflict<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isConflict(error) || tries >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, BASE_PAUSE_MS * tries * (0.5 + Math.random())));
    }
  }
}
