import { bankTransferContracts } from '../../shared/contracts/bank-transfers';
import { readFranchiseReceipt, readOwnReceipt } from '../bank-transfers/bank-transfer-receipts';
import { defineRoute } from '../platform/http/route';

/** The receipt image of one of the caller's own claims. */
export const getBankTransferReceiptRoute = defineRoute(bankTransferContracts.getBankTransferReceipt, async ({ body, principal }) => ({
  data: await readOwnReceipt({ frchId: principal.frchId, userId: principal.userId }, body.transfer_id),
  message: 'Receipt',
}));

/** Broker panel: the receipt image of a claim of the franchise. */
export const getFranchiseBankTransferReceiptRoute = defineRoute(bankTransferContracts.getFranchiseBankTransferReceipt, async ({ body, principal }) => ({
  data: await readFranchiseReceipt(principal.frchId, body.transfer_id),
  message: 'Receipt',
}));
