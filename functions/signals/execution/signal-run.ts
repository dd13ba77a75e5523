import type { PrefetchedItems } from '../../data/item-source';
import type { Assignment } from './plan-assignments';
import type { PlanOutcome } from './plan-outcome';

/** Watches a run's entry orders (the signal's timeline; tests' crash hooks). */
export interface EntryObserver {
  /** Before an entry order is asked for. */
  orderSent(assignment: Assignment, opId: string): void;
  /** After the entry answered (a test's crash hook may throw here: the order exists, the run dies). */
  orderAnswered(outcome: PlanOutcome): Promise<void>;
}

/** What one run of a signal shares between closing, planning and entering. */
export interface SignalRun {
  /**
   * The run's reads: the signal, its bridge, the order group and the hinted account were fetched in one
   * round trip at pick-up; a group target's accounts are fetched in one more before its fan-out.
   */
  readonly items: PrefetchedItems;
  /**
   * Settles once the pick-up is on the signal's timeline. No order leaves before it: a redelivery after
   * a crash must see that the run started, so it continues instead of expiring the signal.
   */
  readonly pickedUp: Promise<unknown>;
  readonly observer: EntryObserver;
}
