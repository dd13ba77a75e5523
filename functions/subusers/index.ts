import { createGroupHandler } from '../http/group-handler';
import { addSubUserRoute } from './add-sub-user';
import { allowDisallowDematRoute } from './allow-disallow-demat';
import { allowDisallowPurchaseIpRoute } from './allow-disallow-purchase-ip';
import { connectSubUserBrokerRoute } from './connect-sub-user-broker';
import { getSubUserInfoRoute } from './get-sub-user-info';
import { getSubUsersRoute } from './get-sub-users';
import { setLinkSharingFlagRoute } from './set-link-sharing-flag';
import { updateReferPercentRoute } from './update-refer-percent';
import { updateSubUserDematAllowFlagRoute } from './update-sub-user-demat-allow-flag';
import { updateSubUserPurchaseIpAllowFlagRoute } from './update-sub-user-purchase-ip-allow-flag';
import { creditDebitSubUserRoute } from './credit-debit-sub-user';
import { getLedgerRoute } from './get-ledger';
import { getOrderHistoryRoute } from './get-order-history';
import { getSubUserActivitiesRoute } from './get-sub-user-activities';
import { getSubscribedStrategiesRoute } from './get-subscribed-strategies';
import { getReferralsRoute } from './get-referrals';
import { getBulkMailJobRoute } from './get-bulk-mail-job';
import { getBulkMailJobsRoute } from './get-bulk-mail-jobs';
import { sendBulkMailsRoute } from './send-bulk-mails';

/** Route group `subusers`: a parent's calls on the users it manages (issue 19, ADR 0013). */
export const handler = createGroupHandler('subusers', [
  // The sub-user directory and the permissions a parent sets.
  addSubUserRoute,
  getSubUsersRoute,
  getSubUserInfoRoute,
  updateSubUserDematAllowFlagRoute,
  allowDisallowDematRoute,
  updateSubUserPurchaseIpAllowFlagRoute,
  allowDisallowPurchaseIpRoute,
  setLinkSharingFlagRoute,
  updateReferPercentRoute,
  connectSubUserBrokerRoute,
  // A parent's money moves with a sub-user and its views of one sub-user (the /user/{sub_user_id} tabs).
  creditDebitSubUserRoute,
  getLedgerRoute,
  getSubUserActivitiesRoute,
  getOrderHistoryRoute,
  getSubscribedStrategiesRoute,
  getReferralsRoute,
  // Bulk mail to sub-users: queue it, then watch its progress.
  sendBulkMailsRoute,
  getBulkMailJobRoute,
  getBulkMailJobsRoute,
]);
