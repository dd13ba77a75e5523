import type { BrokerAccountItem } from '../../data/broker-accounts-repository';
import { egressToken } from '../../platform/egress/egress-credentials';
import type { EgressRoute, EgressScope } from '../../platform/egress/egress-route';
import { loadEgressSecret } from '../../platform/egress/egress-secret';

type WithEgress = Pick<BrokerAccountItem, 'egress'>;

/**
 * The egress route of an account bound to a static-IP slot (its stored `egress`, no extra read) with
 * the slot's proxy token; undefined when the account has none and its calls go direct.
 */
export async function egressRouteOf(account: WithEgress): Promise<EgressRoute | undefined> {
  const egress = account.egress;
  if (!egress) return undefined;
  return {
    ipId: egress.ip_id,
    address: egress.address,
    bindAddress: egress.bind_address,
    proxyUrl: egress.proxy_url,
    token: egressToken(await loadEgressSecret(), egress.ip_id, egress.bind_address),
  };
}

/**
 * Plumbing overrides for a login or token exchange of the account: every call of it leaves from the
 * slot (brokers bind a token to the IP it was created from). Empty for an account without a slot.
 */
export async function loginEgressOf(account: WithEgress): Promise<{ readonly egress?: EgressRoute; readonly egressScope?: EgressScope }> {
  const egress = await egressRouteOf(account);
  return egress ? { egress, egressScope: 'all' } : {};
}

/** Plumbing overrides for trading: order-changing calls leave from the slot, reads go direct. */
export async function tradingEgressOf(account: WithEgress): Promise<{ readonly egress?: EgressRoute }> {
  const egress = await egressRouteOf(account);
  return egress ? { egress } : {};
}
