import type { ORDER_TYPES } from '../../shared/domain/ranges';
import type { ORDER_ACTIONS } from '../../shared/domain/states';
import type { BrokerAdapter, OrderModification } from '../broker-adapters/broker-adapter';
import { getBrokerAccount, type AccountOwner } from '../data/broker-accounts-repository';
import type { OrderChanges, StoredOrder } from '../data/orders/order';
import { now as clockNow } from '../platform/clock';
import { DomainError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { withBroker } from './account-adapter';
import { algoIdOf } from './order-algo-id';
import { OrderNotChangeableError, OrderNotFoundError, OrderRulesError } from './order-errors';
import { recordChange } from './order-records';
import { normalisedTicket, ticketProblems } from './order-ticket';
import { settleByTag } from './settle-by-tag';
import { refreshSubmitted } from './submit-intent';
import { assertTradable, CLOSING_POLICY } from './tradable-account';

/** Spec §4 order actions on a pending order: cancel, modify (type, quantity, price, trigger), convert to MARKET. */
export interface OrderChangeCommand {
  readonly action: (typeof ORDER_ACTIONS)[number];
  readonly orderType?: (typeof ORDER_TYPES)[number] | undefined;
  readonly quantity?: number | undefined;
  readonly price?: number | null | undefined;
  readonly triggerPrice?: number | null | undefined;
}

interface ChangeStep {
  readonly verb: string;
  /** Null: cancel. */
  readonly modification: Omit<OrderModification, 'brokerOrderId'> | null;
  readonly changes: OrderChanges;
}

/** A modification names at least one field to change (400 otherwise); cancel and convert need none. */
export function assertChangeGiven(command: OrderChangeCommand): void {
  if (command.action !== 'modify') return;
  const given = [command.orderType, command.quantity, command.price, command.triggerPrice].some((value) => value !== undefined);
  if (!given) throw new OrderRulesError([{ path: 'action', message: 'Give the order_type, quantity, price or trigger_price to modify.' }]);
}

function modificationStep(order: StoredOrder, command: OrderChangeCommand): ChangeStep {
  assertChangeGiven(command);
  const ticket = normalisedTicket({
    instrument: order.instrument,
    action: order.transaction_type,
    product: order.product,
    orderType: command.orderType ?? order.order_type,
    quantity: command.quantity ?? order.quantity,
    price: command.price === undefined ? order.price : command.price,
    triggerPrice: command.triggerPrice === undefined ? order.trigger_price : command.triggerPrice,
  });
  const problems = ticketProblems(ticket);
  if (problems.length > 0) throw new OrderRulesError(problems);
  const modification = { orderType: ticket.orderType, quantity: ticket.quantity, price: ticket.price, triggerPrice: ticket.triggerPrice };
  return {
    verb: 'Modification',
    modification,
    changes: { order_type: ticket.orderType, quantity: ticket.quantity, price: ticket.price, trigger_price: ticket.triggerPrice },
  };
}

function stepOf(order: StoredOrder, command: OrderChangeCommand): ChangeStep {
  switch (command.action) {
    case 'cancel':
      return { verb: 'Cancellation', modification: null, changes: {} };
    case 'converttomarket':
      return {
        verb: 'Conversion to MARKET',
        modification: { orderType: 'MARKET', price: null, triggerPrice: null },
        changes: { order_type: 'MARKET', price: null, trigger_price: null },
      };
    case 'modify':
      return modificationStep(order, command);
  }
}

/** The order as the broker sees it now (an UNKNOWN order is looked up by its tag first). */
async function current(owner: AccountOwner, order: StoredOrder, adapter: BrokerAdapter, log: Logger): Promise<StoredOrder> {
  if (order.broker_order_id !== null) return refreshSubmitted(owner, order, adapter, log);
  const settled = await settleByTag(owner, order, await adapter.orderBook(), log);
  return settled === 'absent' ? order : settled;
}

async function perform(adapter: BrokerAdapter, brokerOrderId: string, step: ChangeStep, algoId: string | undefined): Promise<void> {
  if (step.modification === null) await adapter.cancelOrder(brokerOrderId);
  else await adapter.modifyOrder({ brokerOrderId, ...step.modification, ...(algoId ? { algoId } : {}) });
}

/** Applies an action to one of the owner's pending orders at its broker and records it on the timeline. */
export async function changeOrder(owner: AccountOwner, order: StoredOrder, command: OrderChangeCommand, log: Logger): Promise<StoredOrder> {
  const account = await getBrokerAccount(owner, order.broker_id);
  if (!account) throw new OrderNotFoundError();
  assertTradable(account, CLOSING_POLICY);
  return withBroker(owner, account, log, async (adapter) => {
    const pending = await current(owner, order, adapter, log);
    if (pending.status !== 'pending') throw new OrderNotChangeableError(`This order is ${pending.status}; only pending orders can be changed.`);
    if (pending.broker_order_id === null) throw new OrderNotChangeableError('This order has not reached the broker yet. Please try again in a moment.');
    const step = stepOf(pending, command);
    try {
      await perform(adapter, pending.broker_order_id, step, await algoIdOf(owner.frchId, pending.broker, pending.origin, log));
    } catch (error) {
      if (error instanceof DomainError) await recordChange(owner, pending, {}, `${step.verb} refused: ${error.message}`, clockNow());
      throw error;
    }
    const changed = await recordChange(owner, pending, step.changes, `${step.verb} sent to the broker`, clockNow());
    return refreshSubmitted(owner, changed, adapter, log);
  });
}
