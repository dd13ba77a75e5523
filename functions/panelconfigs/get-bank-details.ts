import { bankDetailsContracts } from '../../shared/contracts/bank-transfers';
import { defineRoute } from '../platform/http/route';
import { readBankDetails } from '../bank-transfers/bank-details';

/** Spec §7 `GET getbankdetails`: the franchise's receiving account; every signed-in user of the franchise reads it to pay into it. */
export const getBankDetailsRoute = defineRoute(bankDetailsContracts.getBankDetails, async ({ principal }) => {
  return { data: await readBankDetails(principal.frchId), message: 'Bank details fetched' };
});
