import { bankTransferContracts } from '../../shared/contracts/bank-transfers';
import { now as clockNow } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { submitBankTransfer } from '../bank-transfers/submit-bank-transfer';
import { checkTopUp } from '../payments/payment-options';

/** A claim of the caller's transfer into the franchise's account, pending until the broker panel decides. */
export const submitBankTransferRoute = defineRoute(bankTransferContracts.submitBankTransfer, async ({ body, principal }) => {
  await checkTopUp(principal.frchId, 'BANK', body.amount_paise);
  const transfer = await submitBankTransfer({ frchId: principal.frchId, userId: principal.userId }, body, clockNow());
  return { data: transfer, message: 'Bank transfer submitted for approval' };
});
