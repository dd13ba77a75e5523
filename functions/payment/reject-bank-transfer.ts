import { bankTransferContracts } from '../../shared/contracts/bank-transfers';
import { now as clockNow } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { rejectBankTransferClaim } from '../bank-transfers/decide-bank-transfer';

/** Broker panel: rejects a claim of the franchise with the reason the user reads. */
export const rejectBankTransferRoute = defineRoute(bankTransferContracts.rejectBankTransfer, async ({ body, principal, scope }) => {
  const transfer = await rejectBankTransferClaim({ frchId: principal.frchId, userId: principal.userId }, body.transfer_id, body.reason, clockNow(), scope.log);
  return { data: transfer, message: 'Bank transfer rejected' };
});
