import type { RequestOf } from '../../shared/contracts/define-call';
import type { StaticIp, staticIpContracts } from '../../shared/contracts/ips';
import { getBrokerAccount, listBrokerAccounts } from '../data/broker-accounts-repository';
import { getSlot, slotWriteItem, type IpSlotFields } from '../data/static-ips/static-ips-repository';
import { transactIfConditionsHold } from '../data/table';
import { now as clockNow } from '../platform/clock';
import { ConflictError, ForbiddenError, NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import type { Logger } from '../platform/logger';
import { ACCOUNT_NOT_FOUND_MESSAGE } from '../broker-accounts/accounts/owned-account';
import { planBinding } from './ip-binding-plan';
import { registerWithBrokers } from './ip-registration';
import { IP_CHANGED_MESSAGE, IP_NOT_FOUND_MESSAGE, renewalDueAt } from './ip-terms';
import { viewOfSlot } from './ip-views';

type UpdateRequest = RequestOf<typeof staticIpContracts.updateStaticIp>;

export const RENEWAL_OWNER_ONLY_MESSAGE = 'Only the account that bought this IP decides whether it renews.';

/**
 * `updatestaticip`: the IP's label and primary/secondary role (its owner or holder), auto-renew (the owner:
 * it pays), and which of the holder's accounts use it (the holder: its own live accounts; another user's →
 * 404). Every account whose IP changes must not have changed in 7 days (409 naming the date). One
 * transaction writes the slot, the accounts' egress and any other slot an account moves away from, each
 * conditioned on its version. Upstox and Dhan accounts are then registered with the broker.
 */
export async function updateStaticIp(principal: Principal, request: UpdateRequest, log: Logger): Promise<StaticIp> {
  const slot = await getSlot(principal.frchId, request.ip_id);
  const isHolder = slot?.holder_user_id === principal.userId;
  const isOwner = slot?.owner_user_id === principal.userId;
  if (!slot || slot.state !== 'assigned' || (!isHolder && !isOwner)) throw new NotFoundError(IP_NOT_FOUND_MESSAGE);
  if (request.broker_ids !== undefined && !isHolder) throw new NotFoundError(ACCOUNT_NOT_FOUND_MESSAGE);
  if (request.auto_renew !== undefined && !isOwner) throw new ForbiddenError(RENEWAL_OWNER_ONLY_MESSAGE);
  const now = clockNow();
  const next: IpSlotFields = {
    ...slot,
    label: request.label ?? slot.label,
    role: request.role ?? slot.role,
    auto_renew: request.auto_renew ?? slot.auto_renew,
    account_ids: request.broker_ids ? [...new Set(request.broker_ids)] : slot.account_ids,
  };
  if (slot.expires_at) next.renewal_due_at = renewalDueAt(slot.expires_at, slot.renewal_notice_for);
  const accounts = request.broker_ids ? await listBrokerAccounts({ frchId: principal.frchId, userId: principal.userId }) : [];
  const binding = request.broker_ids ? await planBinding(slot, next, accounts, request.broker_ids, now) : { items: [], newlyBound: [] };
  if (!(await transactIfConditionsHold([slotWriteItem(slot, next, now), ...binding.items]))) throw new ConflictError(IP_CHANGED_MESSAGE);

  // A new role is a new field at the broker: the accounts that keep the IP are registered again too.
  const roleChanged = next.role !== slot.role;
  const kept = roleChanged ? slot.account_ids.filter((id) => next.account_ids.includes(id)) : [];
  const keptAccounts = (await Promise.all(kept.map((id) => getBrokerAccount({ frchId: slot.frch_id, userId: slot.holder_user_id ?? 0 }, id)))).flatMap((account) => account ?? []);
  await registerWithBrokers(next, [...binding.newlyBound, ...keptAccounts], log);
  const stored = await getSlot(principal.frchId, request.ip_id);
  if (!stored) throw new NotFoundError(IP_NOT_FOUND_MESSAGE);
  return viewOfSlot(stored);
}
