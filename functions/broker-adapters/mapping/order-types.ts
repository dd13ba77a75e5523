import { ORDER_TYPES } from '../../../shared/domain/ranges';
import type { MappedBroker } from './mapped-brokers';

export type OrderType = (typeof ORDER_TYPES)[number];

/** How one platform order type is sent: the broker's order-type code and the variety (route or field) it needs. */
export interface BrokerOrderTypeCode {
  readonly orderType: string;
  readonly variety: string;
}

/**
 * Platform order type → broker (reference/brokers.md §9.2). SL is stop-limit (price + trigger);
 * there is no SL-M. Kite MARKET also needs `market_protection` (see the Kite order form).
 */
export const ORDER_TYPE_CODES: Readonly<Record<MappedBroker, Readonly<Record<OrderType, BrokerOrderTypeCode>>>> = {
  zerodha: {
    MARKET: { orderType: 'MARKET', variety: 'regular' },
    LIMIT: { orderType: 'LIMIT', variety: 'regular' },
    SL: { orderType: 'SL', variety: 'regular' },
  },
  angelone: {
    MARKET: { orderType: 'MARKET', variety: 'NORMAL' },
    LIMIT: { orderType: 'LIMIT', variety: 'NORMAL' },
    SL: { orderType: 'STOPLOSS_LIMIT', variety: 'STOPLOSS' },
  },
  upstox: {
    MARKET: { orderType: 'MARKET', variety: 'regular' },
    LIMIT: { orderType: 'LIMIT', variety: 'regular' },
    SL: { orderType: 'SL', variety: 'regular' },
  },
  /** Fyers `type`: 1 limit, 2 market, 4 stop-limit (sent as numbers). */
  fyers: {
    MARKET: { orderType: '2', variety: 'regular' },
    LIMIT: { orderType: '1', variety: 'regular' },
    SL: { orderType: '4', variety: 'regular' },
  },
  dhan: {
    MARKET: { orderType: 'MARKET', variety: 'regular' },
    LIMIT: { orderType: 'LIMIT', variety: 'regular' },
    SL: { orderType: 'STOP_LOSS', variety: 'regular' },
  },
};

export function brokerOrderTypeCode(broker: MappedBroker, orderType: OrderType): BrokerOrderTypeCode {
  return ORDER_TYPE_CODES[broker][orderType];
}

export function platformOrderTypeOf(broker: MappedBroker, code: string): OrderType | null {
  return ORDER_TYPES.find((orderType) => ORDER_TYPE_CODES[broker][orderType].orderType === code) ?? null;
}
