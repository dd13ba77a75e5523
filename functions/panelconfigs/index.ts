import { createGroupHandler } from '../http/group-handler';
import { getBankDetailsRoute } from './get-bank-details';
import { updateBankDetailsRoute } from './update-bank-details';
import { getPhonePeConfigsRoute } from './get-phonepe-configs';
import { updatePhonePeConfigsRoute } from './update-phonepe-configs';

/** Route group `panelconfigs` (spec §7 /users/brokerpanelconfigs/): the PhonePe settings so far; the other configs arrive with later issues. */
export const handler = createGroupHandler('panelconfigs', [getPhonePeConfigsRoute, updatePhonePeConfigsRoute, getBankDetailsRoute, updateBankDetailsRoute]);
