import { brokerNotOfferedMessage, franchiseAppFieldsOf, type FranchiseAppBroker } from '../../../shared/contracts/config-groups/broker-config';
import { BROKER_DISPLAY_NAMES, type BrokerKind } from '../../../shared/domain/brokers';
import { BusinessRuleError } from '../../platform/errors';
import { franchiseBrokerConfig, type FranchiseBrokerConfig } from '../sessions/franchise-broker-config';

/**
 * Refuses (422) a broker the caller's franchise does not offer (BROKER_CONFIG). Only new connects and
 * reconnects are refused: an account connected before the broker was switched off keeps its session,
 * its reads and its orders until that session ends, so no order stops silently mid-day.
 */
export async function offeredBrokerConfig(frchId: number, broker: BrokerKind): Promise<FranchiseBrokerConfig> {
  const config = await franchiseBrokerConfig(frchId);
  if (!config.offered.has(broker)) throw new BusinessRuleError(brokerNotOfferedMessage(BROKER_DISPLAY_NAMES[broker]));
  return config;
}

/** A redirect broker's connect without the app's key and secret needs the franchise's app (422 otherwise). */
export function requireAppFor(config: FranchiseBrokerConfig, broker: BrokerKind, credentials: Readonly<Record<string, string | undefined>>): void {
  const fields = franchiseAppFieldsOf(broker);
  if (!fields || credentials[fields.id] || config.apps[broker as FranchiseAppBroker]) return;
  const name = BROKER_DISPLAY_NAMES[broker];
  throw new BusinessRuleError(`Enter your ${name} app's key and secret: this platform has no ${name} app of its own.`);
}
