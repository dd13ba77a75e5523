import type { GroupExitStatus } from '../../../shared/domain/exit-levels';
import type { Position } from '../../../shared/contracts/ordermanager';
import type { OrderGroupItem } from '../../data/ordermanager/order-group';
import type { OrderManagerOwner } from '../../data/ordermanager/order-manager-keys';
import type { PositionItem } from '../../data/ordermanager/position-item';
import type { Logger } from '../../platform/logger';
import { notifyUser } from '../../notifications/notify-user';
import { publishAlert } from '../../notifications/publish-alert';

/** Shown with the generic icon (spec §3 lists the types it has icons for). */
export const ORDER_MANAGER_NOTIFICATION_TYPE = 'Order Manager';

const LEG_WORDS: Readonly<Partial<Record<NonNullable<Position['exit_leg']>, string>>> = { TGT: 'its target', SL: 'its stop-loss' };
const GROUP_WORDS: Readonly<Record<GroupExitStatus, string>> = { GROUP_TGT: 'target', GROUP_SL: 'stop-loss' };

async function tell(owner: OrderManagerOwner, message: string, log: Logger): Promise<void> {
  try {
    await notifyUser(owner.frchId, owner.userId, { notifyType: ORDER_MANAGER_NOTIFICATION_TYPE, message }, log);
  } catch (error) {
    // The position's timeline keeps the decision; a lost notification is only logged.
    log.warn('order manager notification not stored', { error });
  }
}

/** A position the monitor exited on its own target or stop-loss (stored, and alerted). */
export async function notifyPositionExited(owner: OrderManagerOwner, group: OrderGroupItem, position: Position, log: Logger): Promise<void> {
  const words = position.exit_leg ? LEG_WORDS[position.exit_leg] : undefined;
  if (words === undefined || position.op_status !== 'EXITED') return;
  const price = position.exit_avg_price === null ? '' : ` at ${position.exit_avg_price}`;
  await tell(owner, `${group.og_name}: ${position.transaction_type} ${position.quantity} ${position.trading_symbol} exited on ${words}${price}.`, log);
  const alert = {
    kind: position.exit_leg === 'TGT' ? ('target-exit' as const) : ('stop-loss-exit' as const),
    group: group.og_name,
    side: position.transaction_type,
    quantity: position.quantity,
    trading_symbol: position.trading_symbol,
    price: position.exit_avg_price,
  };
  await publishAlert(owner, alert, log);
}

/** The group's own target or stop-loss closed its positions and turned its orders off. */
export function notifyGroupExit(owner: OrderManagerOwner, group: OrderGroupItem, status: GroupExitStatus, reason: string, log: Logger): Promise<void> {
  return tell(owner, `${group.og_name}: group ${GROUP_WORDS[status]} hit (${reason}). Its positions are being exited and placing orders is turned off.`, log);
}

type Described = Pick<PositionItem, 'transaction_type' | 'quantity' | 'instrument'>;
const describe = (position: Described) => `${position.transaction_type} ${position.quantity} ${position.instrument.trading_symbol}`;

/** A position rolled over to the next expiry; `problem` when the new position's entry did not go through yet. */
export function notifyRolledOver(owner: OrderManagerOwner, group: OrderGroupItem, from: Described, to: Described, problem: string | null, log: Logger): Promise<void> {
  const rest = problem === null ? '.' : ` (${problem}).`;
  return tell(owner, `${group.og_name}: rolled over ${describe(from)} to ${describe(to)}${rest}`, log);
}

/** A rollover that could not be done; the reason says what happened to the position. */
export function notifyRolloverNotDone(owner: OrderManagerOwner, group: OrderGroupItem, position: Described, reason: string, log: Logger): Promise<void> {
  return tell(owner, `${group.og_name}: ${describe(position)} was not rolled over: ${reason}.`, log);
}
