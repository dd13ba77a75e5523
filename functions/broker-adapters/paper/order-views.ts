import type { BrokerOrder, BrokerPosition } from '../broker-adapter';
import type { PaperOrder, PaperPosition } from './account-state';
import { unrealisedPnl } from './positions';
import type { OrderStatus } from '../../../shared/domain/states';

/** The paper book in the adapter port's normalised shapes; `brokerStatus` uses Kite-style words. */
const BROKER_STATUS_TEXT: Readonly<Record<OrderStatus, string>> = {
  pending: 'OPEN',
  completed: 'COMPLETE',
  cancelled: 'CANCELLED',
  rejected: 'REJECTED',
  failed: 'FAILED',
};

function brokerStatusOf(order: PaperOrder): string {
  const waitingForTrigger = order.status === 'pending' && order.orderType === 'SL' && !order.triggered;
  return waitingForTrigger ? 'TRIGGER PENDING' : BROKER_STATUS_TEXT[order.status];
}

export function toBrokerOrder(order: PaperOrder): BrokerOrder {
  return {
    brokerOrderId: order.id,
    tag: order.tag === '' ? null : order.tag,
    status: order.status,
    brokerStatus: brokerStatusOf(order),
    reason: order.reason,
    quantity: order.quantity,
    filledQuantity: order.filledQuantity,
    averagePrice: order.averagePrice,
    tradingSymbol: order.instrument.trading_symbol,
    exchange: order.instrument.exchange,
    token: order.instrument.script_id,
    action: order.action,
    orderType: order.orderType,
    product: order.product,
    price: order.orderType === 'MARKET' ? null : order.price,
    triggerPrice: order.orderType === 'SL' ? order.triggerPrice : null,
  };
}

export function toBrokerPosition(position: PaperPosition, lastPrice: number): BrokerPosition {
  return {
    tradingSymbol: position.instrument.trading_symbol,
    exchange: position.instrument.exchange,
    product: position.product,
    netQuantity: position.netQuantity,
    averagePrice: position.averagePrice,
    lastPrice,
    realisedPnl: position.realisedPnl,
    unrealisedPnl: unrealisedPnl(position, lastPrice),
  };
}
