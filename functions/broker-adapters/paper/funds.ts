import type { BrokerFunds } from '../broker-adapter';
import { isPending, type PaperAccountState } from './account-state';
import { holdingsCost } from './holdings';
import { positionMargin } from './positions';
import { roundMoney } from './price-math';

/**
 * Funds are derived, not book-kept: balance = opening balance + realised P&L − what the holdings cost;
 * margin in use = margin held by pending orders + margin of open positions; available = balance −
 * margin in use. Realised P&L moves the balance, and margin is released the moment the order or
 * position that held it goes (a settled delivery's margin becomes the holding's cost, holdings.ts).
 */
export function balanceOf(state: PaperAccountState): number {
  return roundMoney(state.funds.openingBalance + state.funds.realisedPnl - holdingsCost(state));
}

export function marginInUse(state: PaperAccountState): number {
  const ordersMargin = state.orders.filter(isPending).reduce((sum, order) => sum + order.blockedMargin, 0);
  const positionsMargin = state.positions.reduce((sum, position) => sum + positionMargin(position), 0);
  return roundMoney(ordersMargin + positionsMargin);
}

export function availableFunds(state: PaperAccountState): number {
  return roundMoney(balanceOf(state) - marginInUse(state));
}

export function fundsOf(state: PaperAccountState): BrokerFunds {
  return { available: availableFunds(state), used: marginInUse(state) };
}
