import type { BrokerKind } from '../../../shared/domain/brokers';
import type { BrokerOrder } from '../../broker-adapters/broker-adapter';
import { statusKey } from '../../broker-adapters/mapping/order-status';

/**
 * Broker states of an order the broker has not accepted yet: it is still validating it (RMS) or waiting
 * for the exchange's answer (reference/brokers.md §2.5, §3.5, §4.5; Dhan and Fyers "transit", Fyers'
 * code 4). A rejection comes out of one of these states; an order that has left them (OPEN, TRIGGER
 * PENDING, filled) can no longer be rejected. The paper exchange decides at once, so it has none.
 */
const OMS_STEPS = ['PUT ORDER REQ RECEIVED', 'VALIDATION PENDING', 'OPEN PENDING'];

const NOT_YET_ACCEPTED: Readonly<Record<BrokerKind, ReadonlySet<string>>> = {
  paper: new Set(),
  zerodha: new Set(OMS_STEPS),
  angelone: new Set(OMS_STEPS),
  upstox: new Set(OMS_STEPS),
  dhan: new Set(['TRANSIT']),
  fyers: new Set(['4']),
};

/** True while the master's broker may still reject the order. */
export function awaitsAcceptance(broker: BrokerKind, row: BrokerOrder): boolean {
  return row.status === 'pending' && NOT_YET_ACCEPTED[broker].has(statusKey(row.brokerStatus));
}
