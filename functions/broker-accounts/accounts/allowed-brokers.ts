import type { AllowedBroker } from '../../../shared/contracts/allowed-brokers';
import { franchiseBrokerConfig } from '../sessions/franchise-broker-config';
import { brokerCatalog } from './broker-catalog';

/** The brokers the franchise offers (BROKER_CONFIG; paper always), in catalog order. */
export async function allowedBrokers(frchId: number): Promise<AllowedBroker[]> {
  return brokerCatalog(await franchiseBrokerConfig(frchId)).map(({ broker, broker_combined_name, login_flow, franchise_app }) => ({
    broker,
    broker_combined_name,
    login_flow,
    franchise_app: franchise_app ?? false,
  }));
}
