import type { OrderMargin, OrderMarginRequest } from '../../../shared/contracts/broker-trading';
import type { BrokerAdapter, BrokerMargin, OrderRequest } from '../../broker-adapters/broker-adapter';
import { roundMoney } from '../../broker-adapters/paper/price-math';
import type { AccountOwner } from '../../data/broker-accounts-repository';
import { findScript } from '../../market/ltp';
import { withBroker } from '../../orders/account-adapter';
import { OrderRulesError } from '../../orders/order-errors';
import { normalisedTicket, ticketFromFields, ticketProblems } from '../../orders/order-ticket';
import { now as clockNow } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { loadConnectedAccount } from './connected-account';

/**
 * What an order ticket would need on the account before it is placed: the broker's margin calculator
 * (the paper exchange's own pre-trade rule) for the ticket as it stands, next to what is free — the
 * calculator's own figure where it gives one (Fyers, Dhan, paper), else the broker's funds. A ticket that
 * breaks an order rule is refused with the fields, as placing it would be; nothing is ever placed.
 */

/** Brokers want a tag on every order body; no order is placed under this one. */
const MARGIN_CHECK_TAG = 'MARGINCHECK';

async function marginWithFunds(adapter: BrokerAdapter, order: OrderRequest): Promise<{ readonly required: number; readonly available: number }> {
  const margin: BrokerMargin = await adapter.orderMargin(order);
  const available = margin.available ?? (await adapter.funds()).available;
  return { required: margin.required, available };
}

export function orderMarginOf(margin: { readonly required: number; readonly available: number }, readAt: Date): OrderMargin {
  const required = roundMoney(margin.required);
  const available = roundMoney(margin.available);
  return { required, available, fits: required <= available, shortfall: roundMoney(Math.max(0, required - available)), read_at: readAt.toISOString() };
}

export async function readOrderMargin(owner: AccountOwner, request: OrderMarginRequest, log: Logger): Promise<OrderMargin> {
  const account = await loadConnectedAccount(owner, request.broker_id);
  const instrument = await findScript(request.script_id);
  const ticket = normalisedTicket(
    ticketFromFields(instrument, { ...request, price: request.price ?? null, trigger_price: request.trigger_price ?? null }),
  );
  const problems = ticketProblems(ticket);
  if (problems.length > 0) throw new OrderRulesError(problems);
  const margin = await withBroker(owner, account, log, (adapter) => marginWithFunds(adapter, { ...ticket, tag: MARGIN_CHECK_TAG }));
  return orderMarginOf(margin, clockNow());
}
