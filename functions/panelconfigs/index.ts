import { createGroupHandler } from '../http/group-handler';
import { getBankDetailsRoute } from './get-bank-details';
import { updateBankDetailsRoute } from './update-bank-details';
import { getPhonePeConfigsRoute } from './get-phonepe-configs';
import { updatePhonePeConfigsRoute } from './update-phonepe-configs';
import { getBrokerPanelConfigsRoute } from './get-broker-panel-configs';
import { updateConfigsRoute } from './update-configs';
import { getFtpRoute, updateFtpRoute } from './ftp-settings-routes';
import { getFtpExportsRoute, sendFtpExportNowRoute, testFtpConnectionRoute } from './ftp-export-routes';
import { sendTestMailRoute } from './send-test-mail';
import { getAllowedBrokersRoute } from './get-allowed-brokers';

/** Route group `panelconfigs` (spec §7 /users/brokerpanelconfigs/): the franchise's config groups, its PhonePe settings and bank details. */
export const handler = createGroupHandler('panelconfigs', [getPhonePeConfigsRoute, updatePhonePeConfigsRoute, getBankDetailsRoute, updateBankDetailsRoute, getBrokerPanelConfigsRoute, updateConfigsRoute, getFtpRoute, updateFtpRoute, testFtpConnectionRoute, sendFtpExportNowRoute, getFtpExportsRoute, sendTestMailRoute, getAllowedBrokersRoute]);
