import type { BrokerOrder } from '../broker-adapter';
import type { AlertSink } from './broker-alerts';
import type { MappedBroker } from './mapped-brokers';
import { normaliseOrderStatus, STATUS_DIALECT_OF } from './order-status';

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
    statusRecognised: normalised.recognised,
    expired: normalised.expired,
  };
}
