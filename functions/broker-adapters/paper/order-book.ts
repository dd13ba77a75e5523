import type { OrderStatus } from '../../../shared/domain/states';
import type { OrderRequest } from '../broker-adapter';
import { nextId, type PaperAccountState, type PaperOrder } from './account-state';
import { drawFromHoldings } from './holdings';
import { positionsAfterFill } from './positions';
import { roundMoney } from './price-math';

/** Book-keeping of the order book: new orders, replacing one in place, closing one, and filling one. */
export function newOrder(id: string, request: OrderRequest, now: Date): PaperOrder {
  const isMarket = request.orderType === 'MARKET';
  return {
    id,
    tag: request.tag,
    instrument: request.instrument,
    action: request.action,
    orderType: request.orderType,
    product: request.product,
    quantity: request.quantity,
    price: isMarket ? null : request.price,
    triggerPrice: request.orderType === 'SL' ? request.triggerPrice : null,
    status: 'pending',
    triggered: false,
    reason: null,
    filledQuantity: 0,
    averagePrice: null,
    blockedMargin: 0,
    placedAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

export function withOrder(state: PaperAccountState, order: PaperOrder): PaperAccountState {
  const exists = state.orders.some((existing) => existing.id === order.id);
  const orders = exists ? state.orders.map((existing) => (existing.id === order.id ? order : existing)) : [...state.orders, order];
  return { ...state, orders };
}

export function findOrder(state: PaperAccountState, orderId: string): PaperOrder | undefined {
  return state.orders.find((order) => order.id === orderId);
}

/** A fill of the whole order at `price`; a DELIVERY sell first takes what the day's position lacks from the holding. */
export function fillOrder(state: PaperAccountState, order: PaperOrder, price: number, now: Date): PaperAccountState {
  const at = now.toISOString();
  const side = { instrument: order.instrument, product: order.product, action: order.action, quantity: order.quantity, at };
  const { id: tradeId, state: numbered } = nextId(drawFromHoldings(state, side), 'T');
  const { positions, realisedPnl } = positionsAfterFill(numbered.positions, { ...side, price });
  const trade = {
    id: tradeId,
    orderId: order.id,
    tag: order.tag,
    tradingSymbol: order.instrument.trading_symbol,
    exchange: order.instrument.exchange,
    product: order.product,
    action: order.action,
    quantity: order.quantity,
    price,
    at,
  };
  const filled: PaperOrder = {
    ...order,
    status: 'completed',
    filledQuantity: order.quantity,
    averagePrice: price,
    blockedMargin: 0,
    updatedAt: at,
  };
  return withOrder(
    {
      ...numbered,
      positions,
      trades: [...numbered.trades, trade],
      funds: { ...numbered.funds, realisedPnl: roundMoney(numbered.funds.realisedPnl + realisedPnl) },
    },
    filled,
  );
}

export function closeOrder(state: PaperAccountState, order: PaperOrder, status: OrderStatus, reason: string, now: Date): PaperAccountState {
  return withOrder(state, { ...order, status, reason, blockedMargin: 0, updatedAt: now.toISOString() });
}
