import { userContracts } from '../../shared/contracts/user';
import { defineRoute } from '../platform/http/route';
import { readLedger } from './ledger-history';

export const getUserLedgerRoute = defineRoute(userContracts.getUserLedger, async ({ body, principal }) => {
  const page = await readLedger(principal, body);
  return { data: page, message: 'Ledger fetched' };
});
