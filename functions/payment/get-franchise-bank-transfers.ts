import { bankTransferContracts } from '../../shared/contracts/bank-transfers';
import { now as clockNow } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { listFranchiseClaims } from '../bank-transfers/decide-bank-transfer';

/** The broker panel's view of the franchise's bank transfer claims. */
export const getFranchiseBankTransfersRoute = defineRoute(bankTransferContracts.getFranchiseBankTransfers, async ({ body, principal }) => {
  const { state, from_date, to_date, ...page } = body;
  return { data: await listFranchiseClaims(principal.frchId, { state, from_date, to_date }, page, clockNow()), message: 'Bank transfers fetched' };
});
