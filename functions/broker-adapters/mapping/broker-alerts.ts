import { createLogger } from '../../platform/logger';

/** Something in a broker answer the tables do not know: kept safe (pending, nearest product), but someone should look. */
export interface BrokerAlert {
  readonly broker: string;
  readonly kind: 'unrecognised-status' | 'unrecognised-product';
  readonly value: string;
  readonly brokerOrderId: string | null;
}

export type AlertSink = (alert: BrokerAlert) => void;

const log = createLogger({ component: 'broker-adapters' });

export const logBrokerAlert: AlertSink = (alert) => log.warn('broker answer needs attention', { ...alert });
