import type { BrokerOrder } from '../../broker-adapters/broker-adapter';
import type { ScriptResolver } from '../../broker-adapters/mapping/script-resolver';
import type { GroupMirrorItem, MirroredTicket } from '../../data/groups/group-mirror';
import type { OrderChangeCommand } from '../../orders/change-order';
import { normalisedTicket, ticketFromFields, ticketProblems, type OrderTicket } from '../../orders/order-ticket';
import { MIRROR_REASONS } from './mirror-reasons';

/**
 * The master's order-book row as a ticket the children can be sent: the script resolved through the
 * instrument master (never guessed), the broker's own action, type, product, quantity and prices, and
 * the same ticket rules every order passes. A row that cannot be read so is not copied, with the reason.
 */
export type MasterTicket = { readonly kind: 'ticket'; readonly ticket: OrderTicket } | { readonly kind: 'unreadable'; readonly reason: string };

export function masterTicketOf(row: BrokerOrder, resolve: ScriptResolver): MasterTicket {
  const { instrument } = resolve({ exchange: row.exchange, tradingSymbol: row.tradingSymbol, token: row.token });
  if (!instrument) return { kind: 'unreadable', reason: MIRROR_REASONS.notInMaster(row.exchange, row.tradingSymbol) };
  if (row.action === null || row.orderType === null) return { kind: 'unreadable', reason: MIRROR_REASONS.unknownCodes };
  const ticket = normalisedTicket({
    instrument,
    action: row.action,
    orderType: row.orderType,
    product: row.product,
    quantity: row.quantity,
    price: row.price,
    triggerPrice: row.triggerPrice,
  });
  const problems = ticketProblems(ticket);
  if (problems.length > 0) return { kind: 'unreadable', reason: MIRROR_REASONS.ticketRefused(problems.map((problem) => problem.message).join(' ')) };
  return { kind: 'ticket', ticket };
}

/** What the children mirror of a master row: its status and the fields a modification can change. */
export function mirroredTicketOf(row: BrokerOrder): MirroredTicket {
  return { status: row.status, order_type: row.orderType, quantity: row.quantity, price: row.price, trigger_price: row.triggerPrice };
}

/** The group order's ticket as it was claimed (the mirror record keeps it until the copy is done). */
export function claimedTicketOf(mirror: GroupMirrorItem): OrderTicket | null {
  const { instrument, transaction_type: action, master } = mirror;
  if (instrument === null || action === null || master.order_type === null) return null;
  return normalisedTicket(ticketFromFields(instrument, { ...master, transaction_type: action, order_type: master.order_type, product: mirror.product }));
}

const samePrice = (a: number | null, b: number | null) => (a ?? 0) === (b ?? 0);

/**
 * The change that brings the children from what they mirror to the master's row now: a cancellation
 * once the master's order is cancelled, a modification while it is pending and its type, quantity,
 * price or trigger moved (the quantity only when it moved: each child's is recomputed from it), or none.
 */
export function changeToMirror(mirrored: MirroredTicket, row: BrokerOrder): OrderChangeCommand | null {
  if (row.status === 'cancelled') return mirrored.status === 'cancelled' ? null : { action: 'cancel' };
  if (row.status !== 'pending' || row.orderType === null) return null;
  const pricing = row.orderType !== mirrored.order_type || !samePrice(row.price, mirrored.price) || !samePrice(row.triggerPrice, mirrored.trigger_price);
  const quantity = row.quantity !== mirrored.quantity;
  if (!pricing && !quantity) return null;
  return {
    action: 'modify',
    ...(pricing ? { orderType: row.orderType, price: row.price, triggerPrice: row.triggerPrice } : {}),
    ...(quantity ? { quantity: row.quantity } : {}),
  };
}
