import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { defineRoute } from '../platform/http/route';
import { findManagedSubUser } from '../sub-users/sub-user-scope';
import { readLedger } from '../user/ledger-history';

export const getLedgerRoute = defineRoute(subUserViewContracts.getLedger, async ({ body, principal }) => {
  const subUser = await findManagedSubUser(principal, body.sub_user_id);
  return { data: await readLedger({ frchId: subUser.frch_id, userId: subUser.user_id }, body), message: 'Ledger fetched' };
});
