import type { BrokerOrder } from '../../broker-adapters/broker-adapter';
import type { GroupMirrorItem } from '../../data/groups/group-mirror';
import type { OrderChangeCommand } from '../../orders/change-order';
import { changeToMirror } from './master-ticket';
import { MIRROR_REASONS } from './mirror-reasons';

/**
 * What one row of the master's book (one not in the group's baseline) asks of a group, decided from
 * the row, its mirror record and the group's settings alone:
 * - no record yet: copy it; or record why not (copy trading placed it, it was cancelled before it
 *   could be copied, the group's trading is off, or it was rejected while the group does not place on
 *   a rejected master); or wait while the master's broker may still reject it and that would matter;
 * - `copying`: finish the copy (an earlier attempt stopped before the fan-out ended);
 * - `copied`: bring the children's pending orders to a modification or cancellation of the master's;
 * - `skipped` / `failed`: decided once, nothing more.
 */
export interface RowFacts {
  readonly row: BrokerOrder;
  readonly mirror: GroupMirrorItem | null;
  /** The row is an order copy trading placed (a group order's, of this or any group): never copied again, so groups cannot copy in a loop. */
  readonly placedByCopyTrading: boolean;
  /** The master's broker may still reject the order. */
  readonly awaitingAcceptance: boolean;
  readonly tradingEnabled: boolean;
  readonly placeRejected: boolean;
}

export type MirrorDecision =
  | { readonly kind: 'none' }
  | { readonly kind: 'wait' }
  | { readonly kind: 'copy' }
  | { readonly kind: 'skip'; readonly reason: string }
  | { readonly kind: 'resume'; readonly mirror: GroupMirrorItem }
  | { readonly kind: 'change'; readonly mirror: GroupMirrorItem; readonly command: OrderChangeCommand };

const NONE: MirrorDecision = { kind: 'none' };

function decideNewRow(facts: RowFacts): MirrorDecision {
  const { row } = facts;
  if (facts.placedByCopyTrading) return { kind: 'skip', reason: MIRROR_REASONS.placedByCopyTrading };
  if (row.status === 'cancelled') return { kind: 'skip', reason: MIRROR_REASONS.cancelledBeforeCopy };
  if (!facts.tradingEnabled) return { kind: 'skip', reason: MIRROR_REASONS.groupTradingOff };
  if (facts.placeRejected) return { kind: 'copy' };
  if (row.status === 'rejected' || row.status === 'failed') return { kind: 'skip', reason: MIRROR_REASONS.masterRejected(row.reason ?? row.brokerStatus) };
  return facts.awaitingAcceptance ? { kind: 'wait' } : { kind: 'copy' };
}

function decideKnownRow(mirror: GroupMirrorItem, row: BrokerOrder): MirrorDecision {
  if (mirror.state === 'copying') return { kind: 'resume', mirror };
  if (mirror.state !== 'copied') return NONE;
  const command = changeToMirror(mirror.master, row);
  return command ? { kind: 'change', mirror, command } : NONE;
}

export function decideMirror(facts: RowFacts): MirrorDecision {
  return facts.mirror ? decideKnownRow(facts.mirror, facts.row) : decideNewRow(facts);
}
