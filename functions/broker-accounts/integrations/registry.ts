import type { BrokerKind } from '../../../shared/domain/brokers';
import { angelIntegration } from './angelone';
import type { BrokerIntegration } from './broker-integration';
import { dhanIntegration } from './dhan';
import { fyersIntegration } from './fyers';
import { paperIntegration } from './paper';
import { upstoxIntegration } from './upstox';
import { zerodhaIntegration } from './zerodha';

/** One integration per catalog broker: a new broker is a new entry here (the Record makes a missing one a compile error). */
export const BROKER_INTEGRATIONS: Readonly<Record<BrokerKind, BrokerIntegration>> = {
  paper: paperIntegration,
  zerodha: zerodhaIntegration,
  angelone: angelIntegration,
  upstox: upstoxIntegration,
  fyers: fyersIntegration,
  dhan: dhanIntegration,
};

export function integrationOf(broker: BrokerKind): BrokerIntegration {
  return BROKER_INTEGRATIONS[broker];
}
