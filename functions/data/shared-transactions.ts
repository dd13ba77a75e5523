import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../platform/clients';
import { transactReportingFailedConditions, type TransactItems } from './table';

/**
 * Group commit of transactions (orders with their signal positions, a signal's pick-up). Writes made at
 * the same moment (a fan-out to many accounts; a signal's pick-up and its first entry) share one
 * TransactWrite instead of one each: DynamoDB's per-transaction work and the round trips shrink, while every caller's items stay together in one transaction, so each order's own writes stay
 * atomic. A shared transaction holds at most DynamoDB's 100 items and never two writes of one item.
 * While a few shared transactions are in flight, new ones queue, so the batches grow with the load and
 * a lone order is sent at once. When a shared transaction fails (one caller's condition, a conflict),
 * nothing of it was written and each caller's transaction runs again on its own, answering exactly
 * what it would have answered alone.
 */
const MAX_TRANSACTION_ITEMS = 100;
const MAX_SHARED_IN_FLIGHT = 4;
const SLOW_START_TRANSACTIONS = 4;

interface QueuedTransaction {
  readonly items: TransactItems;
  /** Items this transaction writes (or checks in its own way): no other transaction of a batch may touch them. */
  readonly keys: readonly string[];
  /** Shareable condition checks by item: the same check made by several transactions is sent once per batch. */
  readonly checks: ReadonlyMap<string, string>;
  readonly settle: (outcome: Promise<number[]>) => void;
}

const queued: QueuedTransaction[] = [];
let inFlight = 0;
let flushScheduled = false;

function itemKeyOf(item: TransactItems[number]): string {
  const key = item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key ?? {};
  return `${String(key.PK)}|${String(key.SK)}`;
}

/**
 * A condition check that many transactions make alike (every automated order checks its user's and its
 * franchise's kill-switch markers): identical checks of one item are one check in a shared batch, so a
 * fan-out of one franchise still shares its transactions. Its identity is the item and the condition.
 */
function shareableCheckOf(item: TransactItems[number]): string | null {
  const check = item.ConditionCheck;
  if (!check) return null;
  return JSON.stringify([check.ConditionExpression, check.ExpressionAttributeNames ?? null, check.ExpressionAttributeValues ?? null]);
}

function queuedOf(items: TransactItems, settle: QueuedTransaction['settle']): QueuedTransaction {
  const keys: string[] = [];
  const checks = new Map<string, string>();
  for (const item of items) {
    const shareable = shareableCheckOf(item);
    if (shareable !== null && !checks.has(itemKeyOf(item))) checks.set(itemKeyOf(item), shareable);
    else keys.push(itemKeyOf(item));
  }
  return { items, keys, checks, settle };
}

/** The batch's items, each shared condition check once. */
function batchItems(batch: readonly QueuedTransaction[]): TransactItems {
  const sent = new Set<string>();
  return batch.flatMap((queuedOne) =>
    queuedOne.items.filter((item) => {
      if (shareableCheckOf(item) === null) return true;
      const key = itemKeyOf(item);
      if (sent.has(key)) return false;
      sent.add(key);
      return true;
    }),
  );
}

function fitsIn(batch: readonly QueuedTransaction[], next: QueuedTransaction): boolean {
  const taken = new Set(batch.flatMap((queuedOne) => queuedOne.keys));
  const checked = new Map(batch.flatMap((queuedOne) => [...queuedOne.checks]));
  if (next.keys.some((key) => taken.has(key) || checked.has(key))) return false;
  for (const [key, check] of next.checks) if (taken.has(key) || (checked.has(key) && checked.get(key) !== check)) return false;
  return batchItems([...batch, next]).length <= MAX_TRANSACTION_ITEMS;
}

async function runShared(batch: readonly QueuedTransaction[]): Promise<void> {
  if (batch.length === 1) {
    const [only] = batch;
    only?.settle(transactReportingFailedConditions(only.items));
    return;
  }
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: batchItems(batch) }));
    for (const queuedOne of batch) queuedOne.settle(Promise.resolve([]));
  } catch {
    // Nothing was written: each transaction alone decides its own outcome.
    for (const queuedOne of batch) queuedOne.settle(transactReportingFailedConditions(queuedOne.items));
  }
}

function flush(): void {
  flushScheduled = false;
  while (queued.length > 0 && inFlight < MAX_SHARED_IN_FLIGHT) {
    const batch: QueuedTransaction[] = [];
    const slowStart = inFlight === 0;
    for (let index = 0; index < queued.length && !(slowStart && batch.length >= SLOW_START_TRANSACTIONS); ) {
      const next = queued[index] as QueuedTransaction;
      if (batch.length === 0 || fitsIn(batch, next)) {
        batch.push(next);
        queued.splice(index, 1);
      } else index += 1;
    }
    inFlight += 1;
    void runShared(batch).finally(() => {
      inFlight -= 1;
      scheduleFlush();
    });
    if (slowStart) break;
  }
}

function scheduleFlush(): void {
  if (flushScheduled || queued.length === 0) return;
  flushScheduled = true;
  setImmediate(flush);
}

/** Runs a transaction (shared with others queued at the same moment); answers the indexes of its items whose condition failed. */
export function transact(items: TransactItems): Promise<number[]> {
  return new Promise<number[]>((resolve, reject) => {
    queued.push(queuedOf(items, (outcome) => outcome.then(resolve, reject)));
    scheduleFlush();
  });
}

