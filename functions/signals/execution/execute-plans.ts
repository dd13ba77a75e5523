import { ORDER_FAN_OUT_CONCURRENCY } from '../../../shared/contracts/groups';
import { ORDER_GROUP_NOT_FOUND_MESSAGE } from '../../../shared/contracts/ordermanager';
import { getOrderGroup } from '../../data/ordermanager/order-group';
import { mapBounded } from '../../platform/bounded';
import type { Logger } from '../../platform/logger';
import { FIRST_ACCOUNTS_PAGE, prefetchKeys } from '../../data/prefetch-keys';
import { enterAssignment } from './enter-position';
import type { OrderPlan, PlanContext } from './order-plan';
import { expandPlan, groupReader, type Assignment } from './plan-assignments';
import type { PlanOutcome } from './plan-outcome';
import type { SignalRun } from './signal-run';

/**
 * Executes a signal's plans (ADR 0008): every plan on every account of its target becomes a position
 * of the bridge's order group, entered at once when its entry is DIRECT. Accounts go at most
 * SIGNAL_FAN_OUT_CONCURRENCY at once, like a group order's fan-out; each account's own rate limit
 * paces its orders inside the order path. One account's unexpected error does not stop the others:
 * every account runs to its end, then the first such error is thrown, so the queue retries the signal
 * and the retry continues each position from where it stopped.
 */
/** A signal's entries go like a group order's (ORDER_FAN_OUT_CONCURRENCY): each starts with one shared write (position + intent). */
export const SIGNAL_FAN_OUT_CONCURRENCY = ORDER_FAN_OUT_CONCURRENCY;


/** Runs `work` on every item (bounded), then throws the first error any of them threw. */
export async function settleAll<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const errors: unknown[] = [];
  const results = await mapBounded(items, SIGNAL_FAN_OUT_CONCURRENCY, (item, index) =>
    work(item, index).catch((error: unknown) => {
      errors.push(error);
      return null;
    }),
  );
  if (errors.length > 0) throw errors[0];
  return results as R[];
}

export async function executePlans(context: PlanContext, plans: readonly OrderPlan[], log: Logger, run: SignalRun): Promise<PlanOutcome[]> {
  if (plans.length === 0) return [];
  const group = await getOrderGroup(context.owner, context.ogId, run.items);
  if (!group) return plans.map((plan) => ({ planId: plan.planId, brokerId: null, opId: null, outcome: 'failed', reason: ORDER_GROUP_NOT_FOUND_MESSAGE, orderId: null }));
  const readGroup = groupReader(context.owner);
  const expansions = (await Promise.all(plans.map((plan) => expandPlan(plan, readGroup)))).flat();
  const assignments: Assignment[] = expansions.flatMap((expansion) => (expansion.kind === 'assign' ? [expansion.assignment] : []));
  // Every account the plans trade (a hinted account was fetched at pick-up already), in pages: the first
  // entries go as soon as the first page is in, while the rest are read (issue 22: the fan-out starts at once).
  const accountKeys = assignments.map((assignment) => prefetchKeys.brokerAccount(context.owner, assignment.brokerId));
  await run.items.prefetchInPages(accountKeys, FIRST_ACCOUNTS_PAGE);
  const entry = { plan: context, group, run, log: log.child({ ogId: context.ogId, signalId: context.signalId }) };
  // An entry waits for its account's page before any of its own work, so the later pages' entries do not hold up the first ones.
  const entered = await settleAll(assignments, async (assignment, index) => {
    const accountKey = accountKeys[index];
    if (accountKey) await run.items.get(accountKey);
    return enterAssignment(entry, assignment);
  });
  const byAssignment = new Map(assignments.map((assignment, index) => [assignment, entered[index] as PlanOutcome]));
  // In plan order: each account's outcome where its assignment was, the skipped ones as they were.
  return expansions.map((expansion) => (expansion.kind === 'assign' ? (byAssignment.get(expansion.assignment) as PlanOutcome) : expansion.outcome));
}
