import { bankTransferContracts } from '../../shared/contracts/bank-transfers';
import { attachOwnReceipt } from '../bank-transfers/bank-transfer-receipts';
import { now as clockNow } from '../platform/clock';
import { MissingFileError } from '../platform/files/image-upload';
import { defineRoute } from '../platform/http/route';

/** Attaches a receipt image to one of the caller's own pending bank transfer claims. */
export const uploadBankTransferReceiptRoute = defineRoute(bankTransferContracts.uploadBankTransferReceipt, async ({ body, files, principal, scope }) => {
  const receipt = files?.receipt;
  if (!receipt) throw new MissingFileError('receipt');
  const transfer = await attachOwnReceipt({ frchId: principal.frchId, userId: principal.userId }, body.transfer_id, receipt, clockNow(), scope.log);
  return { data: transfer, message: 'Receipt attached' };
});
