import { canMoveBrokerStatus, type BrokerStatus } from '../../../shared/domain/states';
import {
  sessionIndexChanges,
  updateBrokerAccount,
  type AccountChanges,
  type AccountOwner,
  type BrokerAccountItem,
} from '../../data/broker-accounts-repository';
import { now as clockNow } from '../../platform/clock';
import { BusinessRuleError } from '../../platform/errors';
import { accountChanged, ACCOUNT_REMOVED_MESSAGE } from './owned-account';

function refusal(from: BrokerStatus, to: BrokerStatus): BusinessRuleError {
  if (from === 'deleted') return new BusinessRuleError(ACCOUNT_REMOVED_MESSAGE);
  return new BusinessRuleError(`A broker account that is ${from} cannot become ${to}.`);
}

/**
 * Moves the account along the status machine (spec §4) with a conditional update on the status and
 * version it was read with. Entering `connected` puts a real broker's session in the expiry index;
 * leaving it takes the session out. A concurrent change is a 409; a forbidden move a 422.
 */
export async function moveAccountStatus(
  owner: AccountOwner,
  account: BrokerAccountItem,
  to: BrokerStatus,
  changes: AccountChanges = {},
  sessionValidUntil: string | null = account.session_valid_until,
  now = clockNow(),
): Promise<BrokerAccountItem> {
  if (!canMoveBrokerStatus(account.status, to)) throw refusal(account.status, to);
  const index = sessionIndexChanges(account, owner, to, sessionValidUntil);
  const merged: AccountChanges = {
    set: { ...changes.set, ...index.set, status: to },
    remove: [...(changes.remove ?? []), ...(index.remove ?? [])],
  };
  const moved = await updateBrokerAccount(owner, account.broker_id, merged, { statuses: [account.status], version: account.v }, now);
  if (!moved) throw accountChanged();
  return moved;
}
