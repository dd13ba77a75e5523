import type { RealBroker } from '../../shared/contracts/config-groups/broker-config';
import type { BrokerKind } from '../../shared/domain/brokers';
import { isAutomatedOrigin, type OrderOriginKind } from '../../shared/domain/order-origins';
import { franchiseBrokerConfig } from '../broker-accounts/sessions/franchise-broker-config';
import type { Logger } from '../platform/logger';

/** Franchise+broker pairs already warned about in this process (one warning each, not one per order). */
const warned = new Set<string>();

/**
 * The exchange algo id an order of this origin carries at this broker: the franchise's BROKER_CONFIG id
 * for an automated order (read through the config cache, so no table read while it is fresh), none for a
 * manual one or a paper account. An automated order of a franchise without an id for the broker still
 * goes out (the broker may refuse it); the gap is logged once per process per franchise and broker.
 */
export async function algoIdOf(frchId: number, broker: BrokerKind, origin: OrderOriginKind, log: Logger): Promise<string | undefined> {
  if (broker === 'paper' || !isAutomatedOrigin(origin)) return undefined;
  const id = (await franchiseBrokerConfig(frchId)).algoIds[broker as RealBroker];
  if (id) return id;
  const key = `${frchId}:${broker}`;
  if (!warned.has(key)) {
    warned.add(key);
    log.warn('automated order without an exchange algo id: BROKER_CONFIG has none for this broker', { frchId, broker });
  }
  return undefined;
}
