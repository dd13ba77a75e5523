import type { Instrument } from '../../../shared/domain/instruments';
import type { OrderManagerOwner } from '../../data/ordermanager/order-manager-keys';
import type { PositionFields, PositionRolloverSettings } from '../../../shared/contracts/ordermanager';

/**
 * What the signal worker executes: one plan per order a signal asks for (a JSON bridge signal makes one,
 * a custom bridge signal one per trigger of its direction), each on a target — one broker account, or a
 * copy-trading group whose trading children each get their own position at their multiplier. Plans
 * become order-manager positions in the bridge's order group (ADR 0008), so entries that wait for a
 * price or a candle, targets, stop-losses and trailing are the position monitor's, for both bridges.
 */
export type PlanTarget = { readonly kind: 'account'; readonly brokerId: string } | { readonly kind: 'group'; readonly groupId: string };

/** The position fields a plan fixes, except the account (the target decides) and the script (resolved); rollover only where the bridge has it. */
export type PlanPositionFields = Omit<PositionFields, 'broker_id' | 'script_id' | 'quantity'> & PositionRolloverSettings;

export interface OrderPlan {
  /** Stable within the signal (`order` for a JSON bridge, the trigger id for a custom bridge): with the signal and account it names the position. */
  readonly planId: string;
  readonly target: PlanTarget;
  readonly instrument: Instrument;
  /** Lots for F&O, shares for equities (spec §5); a group child's is scaled by its multiplier. */
  readonly lots: number;
  readonly fields: PlanPositionFields;
}

/** The signal being executed: who owns it, which order group its positions go to, and its id (for keys). */
export interface PlanContext {
  readonly owner: OrderManagerOwner;
  readonly ogId: string;
  readonly signalId: string;
}
