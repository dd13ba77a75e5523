import { franchiseMoneyContracts } from '../../shared/contracts/franchise-money';
import { now as clockNow } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { listFranchisePayments } from '../franchise-money/franchise-payments';

/** The broker panel's list of every payment of its own franchise (the role gate refuses everyone else). */
export const getFranchisePaymentsRoute = defineRoute(franchiseMoneyContracts.getFranchisePayments, async ({ body, principal }) => ({
  data: await listFranchisePayments(principal.frchId, body, clockNow()),
  message: 'Payments fetched',
}));
