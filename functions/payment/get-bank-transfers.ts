import { bankTransferContracts } from '../../shared/contracts/bank-transfers';
import { defineRoute } from '../platform/http/route';
import { listOwnBankTransfers } from '../bank-transfers/submit-bank-transfer';

/** The caller's bank transfer claims, newest first. */
export const getBankTransfersRoute = defineRoute(bankTransferContracts.getBankTransfers, async ({ body, principal }) => {
  return { data: await listOwnBankTransfers({ frchId: principal.frchId, userId: principal.userId }, body), message: 'Bank transfers fetched' };
});
