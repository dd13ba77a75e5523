import { bankTransferContracts } from '../../shared/contracts/bank-transfers';
import { now as clockNow } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { approveBankTransfer } from '../bank-transfers/decide-bank-transfer';

/** Broker panel: approves a claim of the franchise (the wallet is credited once). */
export const approveBankTransferRoute = defineRoute(bankTransferContracts.approveBankTransfer, async ({ body, principal, scope }) => {
  const { transfer, alreadyApproved } = await approveBankTransfer({ frchId: principal.frchId, userId: principal.userId }, body.transfer_id, clockNow, scope.log);
  return alreadyApproved
    ? { data: transfer, message: 'This bank transfer was already approved', skipActivity: true }
    : { data: transfer, message: 'Bank transfer approved and credited' };
});
