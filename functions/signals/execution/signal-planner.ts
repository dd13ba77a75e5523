import type { PositionItem } from '../../data/ordermanager/position-item';
import type { BridgeKind, SignalItem } from '../../data/signals-repository';
import type { ItemSource } from '../../data/item-source';
import type { ItemKey } from '../../data/prefetch-keys';
import type { Logger } from '../../platform/logger';
import type { SignalPayload } from '../queue/signal-message';
import type { IncomingSignal } from '../payloads/incoming-signal';
import type { OrderPlan, PlanContext } from './order-plan';

/**
 * The bridge-specific half of executing a signal (ADR 0008): from the stored signal, read again, to
 * what should happen. The common half (run-signal.ts) owns the rest: statuses, the validity window,
 * the bridge's validity window, the timeline, exactly-once execution of the plans and the final status.
 */
export type SignalDecision =
  /** Nothing to place, with why (bridge gone, disconnected, trading off). */
  | { readonly kind: 'ignore'; readonly reason: string }
  /** The signal cannot be executed as sent (no such symbol, no option within the premium band, …). */
  | { readonly kind: 'reject'; readonly reason: string }
  | {
      readonly kind: 'execute';
      readonly context: PlanContext;
      /** Positions of the order group to close before entering (exit on opposite; EXIT / NONE signals; position_size 0). */
      readonly closeFirst: ((position: PositionItem) => boolean) | null;
      readonly plans: readonly OrderPlan[];
      /** Plans that could not be made, each with its reason (e.g. one trigger's option not found): reported per plan. */
      readonly refusals: readonly { readonly planId: string; readonly reason: string }[];
    };

export interface SignalPlanner {
  readonly bridgeKind: BridgeKind;
  /** The items `decide` and the entries will read (its bridge; the hinted order group and account): fetched with the signal in one round trip. */
  prefetchKeys(payload: SignalPayload): ItemKey[];
  /** `incoming` is the stored raw body parsed again (it parsed at intake, so it parses now); `items` answers the prefetched reads. */
  decide(signal: SignalItem, incoming: IncomingSignal, now: Date, log: Logger, items: ItemSource): Promise<SignalDecision>;
}
