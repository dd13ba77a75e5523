import type { BrokerOrder } from '../broker-adapter';
import type { AlertSink } from './broker-alerts';
import type { MappedBroker } from './mapped-brokers';
import { platformActionOf } from './actions';
import { normaliseOrderStatus, STATUS_DIALECT_OF } from './order-status';
import { platformOrderTypeOf } from './order-types';
import { positionProductOf } from './position-product';

/** An order-book row as read from the broker, before normalisation. */
export interface RawBrokerOrder {
  readonly brokerOrderId: string;
  readonly tag: string | null;
  readonly brokerStatus: string;
  readonly reason: string | null;
  readonly quantity: number;
  readonly filledQuantity: number;
  readonly averagePrice: number;
  readonly tradingSymbol: string;
  readonly exchange: string;
  readonly token: string | null;
  /** The broker's codes, read back through the vocabulary tables. */
  readonly actionCode: string;
  readonly orderTypeCode: string;
  readonly productCode: string;
  /** 0 (or absent) reads as none. */
  readonly price: number;
  readonly triggerPrice: number;
}

/** BrokerOrder plus the normaliser's flags (status not in the tables; expired at day end). */
export interface NormalisedBrokerOrder extends BrokerOrder {
  readonly statusRecognised: boolean;
  readonly expired: boolean;
}

const EXPIRED_REASON = 'Expired at the end of the trading day';

export function normaliseBrokerOrder(broker: MappedBroker, raw: RawBrokerOrder, alert: AlertSink): NormalisedBrokerOrder {
  const normalised = normaliseOrderStatus(raw.brokerStatus, STATUS_DIALECT_OF[broker]);
  if (!normalised.recognised) {
    alert({ broker, kind: 'unrecognised-status', value: raw.brokerStatus, brokerOrderId: raw.brokerOrderId });
  }
  const orderType = platformOrderTypeOf(broker, raw.orderTypeCode);
  const reason = raw.reason?.trim() ? raw.reason.trim() : normalised.expired ? EXPIRED_REASON : null;
  return {
    brokerOrderId: raw.brokerOrderId,
    tag: raw.tag?.trim() ? raw.tag.trim() : null,
    status: normalised.status,
    brokerStatus: raw.brokerStatus,
    reason,
    quantity: raw.quantity,
    filledQuantity: raw.filledQuantity,
    averagePrice: raw.averagePrice > 0 ? raw.averagePrice : null,
    tradingSymbol: raw.tradingSymbol,
    exchange: raw.exchange,
    token: raw.token?.trim() ? raw.token.trim() : null,
    action: platformActionOf(broker, raw.actionCode),
    orderType,
    product: positionProductOf(broker, raw.productCode, raw.exchange, alert),
    price: orderType === 'MARKET' || !(raw.price > 0) ? null : raw.price,
    triggerPrice: orderType === 'SL' && raw.triggerPrice > 0 ? raw.triggerPrice : null,
    statusRecognised: normalised.recognised,
    expired: normalised.expired,
  };
}
