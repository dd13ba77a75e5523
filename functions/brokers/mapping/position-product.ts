import type { AlertSink } from './broker-alerts';
import type { MappedBroker } from './mapped-brokers';
import { platformProductOf, type Product } from './products';

const CASH_EXCHANGES = new Set(['NSE', 'BSE']);

/**
 * The platform product of a position row. An unknown code is never dropped: it reads as the exchange's
 * natural product (delivery on cash, carry-forward on derivatives) and raises an alert.
 */
export function positionProductOf(broker: MappedBroker, code: string, exchange: string, alert: AlertSink): Product {
  const known = platformProductOf(broker, code);
  if (known) return known;
  alert({ broker, kind: 'unrecognised-product', value: code, brokerOrderId: null });
  return CASH_EXCHANGES.has(exchange) ? 'DELIVERY' : 'CARRYFORWARD';
}
