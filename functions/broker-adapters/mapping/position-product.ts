import type { AlertSink } from './broker-alerts';
import type { MappedBroker } from './mapped-brokers';
import { platformProductOf, PRODUCT_CODES, type Product } from './products';

/** Cash segments as brokers spell them in books (Upstox and Dhan add the segment). */
const CASH_EXCHANGES = new Set(['NSE', 'BSE', 'NSE_EQ', 'BSE_EQ']);

/**
 * Overnight products depend on the segment where a broker uses one code for both (Upstox `D`):
 * carry-forward does not exist on a cash exchange, delivery not on a derivatives one.
 */
function settledBySegment(broker: MappedBroker, code: string, product: Product, exchange: string): Product {
  const overnight = PRODUCT_CODES[broker].CARRYFORWARD === code && PRODUCT_CODES[broker].DELIVERY === code;
  if (!overnight) return product;
  return CASH_EXCHANGES.has(exchange) ? 'DELIVERY' : 'CARRYFORWARD';
}

/**
 * The platform product of a position row. An unknown code is never dropped: it reads as the exchange's
 * natural product (delivery on cash, carry-forward on derivatives) and raises an alert.
 */
export function positionProductOf(broker: MappedBroker, code: string, exchange: string, alert: AlertSink): Product {
  const known = platformProductOf(broker, code);
  if (known) return settledBySegment(broker, code, known, exchange);
  alert({ broker, kind: 'unrecognised-product', value: code, brokerOrderId: null });
  return CASH_EXCHANGES.has(exchange) ? 'DELIVERY' : 'CARRYFORWARD';
}
