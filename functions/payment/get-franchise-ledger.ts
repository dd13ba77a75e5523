import { franchiseMoneyContracts } from '../../shared/contracts/franchise-money';
import { now as clockNow } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { listFranchiseLedger } from '../franchise-money/franchise-ledger';

/** The broker panel's list of every wallet movement of its own franchise (the role gate refuses everyone else). */
export const getFranchiseLedgerRoute = defineRoute(franchiseMoneyContracts.getFranchiseLedger, async ({ body, principal }) => ({
  data: await listFranchiseLedger(principal.frchId, body, clockNow()),
  message: 'Wallet movements fetched',
}));
