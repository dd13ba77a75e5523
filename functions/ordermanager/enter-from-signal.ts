import type { PositionOutcome } from '../../shared/contracts/ordermanager';
import type { BrokerAccountItem } from '../data/broker-accounts-repository';
import type { OrderGroupItem } from '../data/ordermanager/order-group';
import type { OrderManagerOwner } from '../data/ordermanager/order-manager-keys';
import { addSignalPosition, getPosition, signalPositionPut } from '../data/ordermanager/position';
import type { NewPosition, PositionItem } from '../data/ordermanager/position-item';
import { AutomationStoppedError } from '../orders/automation-guard';
import { recordIntent, sendIntent } from '../orders/place-order';
import { OPENING_POLICY, tradingRefusal } from '../orders/tradable-account';
import { now as clockNow } from '../platform/clock';
import { DomainError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { firstEntryClaim, orderKeyOf, placePositionOrder, settleOrderResult, ticketOf, type Prefetched } from './position-actions';

/**
 * The order manager's one entry for a signal: a position written once under the id the signal derives,
 * then entered when its entry is DIRECT. A run that finds the position already there (a redelivery, a
 * duplicate, a replay) continues from its state and never starts a second entry:
 * - an entry attempt still in flight (a crash after the order was sent) is asked again with the same
 *   attempt, whose idempotency key answers the order already placed;
 * - a position never tried (a crash before the claim) is entered now;
 * - a tried and settled one is answered as it stands (a refused entry is not retried blindly).
 *
 * The common case — a new DIRECT position on a tradable account of a group taking orders — costs one
 * write before the broker call: the position, claimed for its first entry attempt, goes in the same
 * transaction as that entry order's intent and idempotency record (key `om-<op>-enter-1`, exactly what
 * the general path would use), so either both exist or neither does (ADR 0008).
 */
export interface SignalEntry {
  readonly owner: OrderManagerOwner;
  readonly group: OrderGroupItem;
  readonly position: NewPosition;
  /** The position's first timeline note (which signal added it). */
  readonly note: string;
  /** The account, read by the caller (null: not found). */
  readonly account: BrokerAccountItem | null;
  /** False: answer once the broker accepted, without reading the order back (a fan-out; the monitor records the fill). */
  readonly readBack: boolean;
  readonly log: Logger;
  /** Settles when the caller lets orders go (the signal's pickup is recorded); awaited beside the first write. */
  readonly ready: Promise<unknown>;
  /** Told just before the broker is asked. */
  readonly sending: (opId: string) => void;
}

export type SignalEntryResult =
  /** The entry was asked of the broker: how it ended. */
  | { readonly kind: 'placed'; readonly placed: PositionOutcome }
  /** The order path refused the entry before the broker (a rule), and the position still waits for it. */
  | { readonly kind: 'refused'; readonly opId: string; readonly reason: string }
  /** No entry asked by this run: the position as it stands (waiting for the monitor, or settled earlier). */
  | { readonly kind: 'settled'; readonly position: PositionItem };

/** Whether a signal run asks for the entry: a DIRECT entry still in flight (the same attempt again), or WAITING and never tried. LTP / CANDLE entries are the position monitor's. */
function wantsEntry(position: PositionItem): boolean {
  if (position.entry_type !== 'DIRECT') return false;
  if (position.in_flight !== null) return position.in_flight.action === 'enter';
  return position.op_status === 'WAITING' && position.attempts.enter === 0;
}

const addedEvent = (entry: SignalEntry) => ({ action: 'add' as const, note: entry.note });

/** Whether the one-write entry applies: a DIRECT entry, the group taking orders, the account able to take new orders. */
function canEnterInOneWrite(entry: SignalEntry): entry is SignalEntry & { readonly account: BrokerAccountItem } {
  return entry.position.entry_type === 'DIRECT' && entry.group.og_place_order && entry.account !== null && tradingRefusal(entry.account, OPENING_POLICY) === null;
}

/**
 * The one-write entry: the claimed position with the entry's intent in one transaction, then the broker.
 * Null when the transaction wrote nothing — the position exists (an earlier run), or the attempt's key
 * does without it — and the general path takes over from what is stored.
 */
async function enterInOneWrite(entry: SignalEntry & { readonly account: BrokerAccountItem }): Promise<SignalEntryResult | null> {
  const { owner, account, log } = entry;
  const now = clockNow();
  const claim = firstEntryClaim(now);
  const { item, put } = signalPositionPut(owner, entry.position, addedEvent(entry), claim, now);
  const command = { ticket: ticketOf(item, 'enter'), idempotencyKey: orderKeyOf(item, claim.inFlight) };
  // A kill switch refusing the intent wrote nothing: the general path writes the position and records the refusal on it.
  const intent = recordIntent(owner, account, command, 'bridge', OPENING_POLICY, put).catch((error: unknown) => {
    if (error instanceof AutomationStoppedError) return null;
    throw error;
  });
  const [recorded] = await Promise.all([intent, entry.ready]);
  if (recorded === null || recorded.kind !== 'recorded') return null;
  entry.sending(item.op_id);
  const order = await sendIntent(owner, account, recorded.intent, log, entry.readBack ? 'before-answer' : 'next-read');
  return { kind: 'placed', placed: await settleOrderResult(owner, item, claim.inFlight, 'enter', { kind: 'order', order }) };
}

/**
 * The general path's position: written now — claimed for its first attempt when the entry is DIRECT and
 * the group takes orders — or the one an earlier run wrote.
 */
async function positionFor(entry: SignalEntry): Promise<{ readonly position: PositionItem; readonly prefetched: Prefetched }> {
  const { owner, group, account, readBack } = entry;
  const claim = entry.position.entry_type === 'DIRECT' && group.og_place_order ? firstEntryClaim(clockNow()) : null;
  const added = await addSignalPosition(owner, entry.position, addedEvent(entry), claim);
  if (added) return { position: added, prefetched: { account, claimWritten: claim !== null, origin: 'bridge', readBack } };
  // Refused: the position is already there (an earlier run of this signal): it is claimed as that run left it.
  const existing = await getPosition(owner, group.og_id, entry.position.op_id);
  if (existing) return { position: existing, prefetched: { account, origin: 'bridge', readBack } };
  throw new Error(`position ${entry.position.op_id} refused as existing but not found`);
}

/** The general path's entry: claim (unless written claimed), place through the order path with the attempt's key, settle. */
async function enter(entry: SignalEntry, position: PositionItem, prefetched: Prefetched): Promise<SignalEntryResult> {
  await entry.ready;
  entry.sending(position.op_id);
  try {
    return { kind: 'placed', placed: await placePositionOrder(entry.owner, entry.group, position, 'enter', entry.log, {}, prefetched) };
  } catch (error) {
    if (!(error instanceof DomainError) || error.status === 500) throw error;
    // Refused (place-order off, the position moved meanwhile — e.g. a racing redelivery entered it): its state tells.
    const fresh = await getPosition(entry.owner, position.og_id, position.op_id);
    return fresh && !wantsEntry(fresh) ? { kind: 'settled', position: fresh } : { kind: 'refused', opId: position.op_id, reason: error.message };
  }
}

export async function enterFromSignal(entry: SignalEntry): Promise<SignalEntryResult> {
  if (canEnterInOneWrite(entry)) {
    const entered = await enterInOneWrite(entry);
    if (entered) return entered;
  }
  const { position, prefetched } = await positionFor(entry);
  // A group taking no orders now refuses the entry in the order path: the position waits, never tried, with the reason reported.
  return wantsEntry(position) ? enter(entry, position, prefetched) : { kind: 'settled', position };
}
