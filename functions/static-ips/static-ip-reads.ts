import type { ResponseOf } from '../../shared/contracts/define-call';
import { IP_PURCHASE_MONTHS, IP_VERSIONS, type staticIpContracts } from '../../shared/contracts/ips';
import { combinedNameOf } from '../broker-accounts/accounts/account-view';
import { listBrokerAccounts } from '../data/broker-accounts-repository';
import { countAvailableSlots, listPool, listSlotsHeldBy, listSlotsOwnedBy } from '../data/static-ips/static-ips-repository';
import { getUser } from '../data/users-repository';
import { now as clockNow } from '../platform/clock';
import { NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import { readSubUserFlags } from '../sub-users/sub-user-flags';
import { staticIpTerms } from './ip-terms';
import { PURCHASE_NOT_ALLOWED_MESSAGE } from './purchase-static-ip';
import { viewsOfSlots } from './ip-views';

type StaticIpsAnswer = ResponseOf<typeof staticIpContracts.getStaticIps>;
type AvailableAnswer = ResponseOf<typeof staticIpContracts.getAvailableIps>;
type PoolAnswer = ResponseOf<typeof staticIpContracts.getIpPool>;

async function purchaseAllowed(principal: Principal): Promise<boolean> {
  const user = await getUser(principal.frchId, principal.userId);
  if (!user) throw new NotFoundError('User not found');
  return readSubUserFlags(user).purchaseIpAllowed;
}

/**
 * `getstaticips`: the IPs the caller holds and those it bought and allocated to a sub-user (each once),
 * and the caller's live real-broker accounts that trade without one (paper needs none).
 */
export async function staticIpsOf(principal: Principal): Promise<StaticIpsAnswer> {
  const [held, owned, accounts, allowed] = await Promise.all([
    listSlotsHeldBy(principal.frchId, principal.userId),
    listSlotsOwnedBy(principal.frchId, principal.userId),
    listBrokerAccounts({ frchId: principal.frchId, userId: principal.userId }),
    purchaseAllowed(principal),
  ]);
  const slots = [...held, ...owned.filter((slot) => !held.some((mine) => mine.ip_id === slot.ip_id))].sort((a, b) => (a.ip_id < b.ip_id ? -1 : 1));
  return {
    items: await viewsOfSlots(slots),
    accounts_without_ip: accounts
      .filter((account) => account.status !== 'deleted' && account.broker !== 'paper' && !account.egress)
      .map((account) => ({ broker_id: account.broker_id, broker: account.broker, broker_combined_name: combinedNameOf(account) })),
    purchase_allowed: allowed,
  };
}

/** `getavailableips`: what the caller may buy now, at what price, and whether it may buy at all. */
export async function availableIps(principal: Principal): Promise<AvailableAnswer> {
  const nowIso = clockNow().toISOString();
  const [allowed, terms, counts] = await Promise.all([
    purchaseAllowed(principal),
    staticIpTerms(principal.frchId),
    Promise.all(IP_VERSIONS.map(async (version) => ({ version, count: await countAvailableSlots(principal.frchId, version, nowIso) }))),
  ]);
  return {
    purchase_allowed: allowed,
    refusal: allowed ? null : PURCHASE_NOT_ALLOWED_MESSAGE,
    monthly_price_paise: terms.monthlyPricePaise,
    periods_months: [...IP_PURCHASE_MONTHS],
    free: counts,
  };
}

/** `getippool` (broker panel): every slot of the franchise's pool with its state, and counts per state (a quarantine that is over counts as free). */
export async function ipPool(principal: Principal): Promise<PoolAnswer> {
  const [slots, terms] = await Promise.all([listPool(principal.frchId), staticIpTerms(principal.frchId)]);
  const nowIso = clockNow().toISOString();
  const stateOf = (slot: (typeof slots)[number]) => (slot.state === 'quarantined' && (slot.quarantined_until ?? '') <= nowIso ? 'free' : slot.state);
  const items = slots.map((slot) => ({
    ip_id: slot.ip_id,
    address: slot.address,
    version: slot.version,
    state: stateOf(slot),
    holder_user_id: slot.holder_user_id,
    owner_user_id: slot.owner_user_id,
    assigned_at: slot.assigned_at,
    expires_at: slot.expires_at,
    quarantined_until: slot.state === 'quarantined' && stateOf(slot) === 'quarantined' ? slot.quarantined_until : null,
  }));
  const count = (state: string) => items.filter((item) => item.state === state).length;
  return { items, counts: { free: count('free'), assigned: count('assigned'), quarantined: count('quarantined') }, quarantine_days: terms.quarantineDays };
}
