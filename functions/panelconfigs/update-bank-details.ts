import { bankDetailsContracts } from '../../shared/contracts/bank-transfers';
import { now as clockNow } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { saveBankDetails } from '../bank-transfers/bank-details';

/** Spec §7 `POST updatebankdetails` (broker panel): saves the franchise's receiving account. */
export const updateBankDetailsRoute = defineRoute(bankDetailsContracts.updateBankDetails, async ({ body, principal }) => {
  return { data: await saveBankDetails(principal.frchId, principal.userId, body, clockNow()), message: 'Bank details saved' };
});
