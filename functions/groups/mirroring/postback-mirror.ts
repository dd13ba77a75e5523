import { getBrokerAccount } from '../../data/broker-accounts-repository';
import type { GroupOwner } from '../../data/groups/group-keys';
import { listGroupsMasteredBy } from '../../data/groups/masters-index';
import { appCredentialsOf } from '../../broker-accounts/sessions/app-credentials';
import { UnauthorizedError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { kitePostbackSigned, parseKitePostback } from './kite-postback';
import { mirrorMaster } from './mirror-master';

/**
 * A Zerodha postback for a master account: found through the groups it is master of (in the
 * franchise the request came to), verified with the account's own API secret, then the same mirror
 * step as the poll runs for those groups at once. Whatever fails the check — an account that masters
 * no group, another broker's account, a wrong checksum — answers the same 401 and does nothing.
 */
export const POSTBACK_REFUSED_MESSAGE = 'Postback not accepted.';

export interface ReceivedPostback {
  readonly orderId: string;
  readonly owner: GroupOwner;
}

export async function mirrorOnKitePostback(franchiseId: number, accountId: string, rawBody: string, log: Logger): Promise<ReceivedPostback> {
  const postback = parseKitePostback(rawBody);
  const groups = await listGroupsMasteredBy(franchiseId, accountId);
  const owner = groups[0]?.owner;
  if (!owner) throw new UnauthorizedError(POSTBACK_REFUSED_MESSAGE);
  const master = await getBrokerAccount(owner, accountId);
  if (!master || master.broker !== 'zerodha') throw new UnauthorizedError(POSTBACK_REFUSED_MESSAGE);
  const { api_secret: apiSecret } = await appCredentialsOf(owner, master);
  if (!apiSecret || !kitePostbackSigned(postback, apiSecret)) throw new UnauthorizedError(POSTBACK_REFUSED_MESSAGE);
  await mirrorMaster({ owner, accountId, grpIds: groups.map((group) => group.grpId) }, log.child({ userId: owner.userId, frchId: owner.frchId }), {
    onlyInPollingHours: false,
  });
  return { orderId: postback.order_id, owner };
}
