import { createGroupHandler } from '../http/group-handler';
import { getAutomationStatusRoute, resumeAutomationRoute, resumeFranchiseAutomationRoute, stopAutomationRoute, stopFranchiseAutomationRoute } from './automation-routes';
import { getUserProfileRoute } from './get-user-profile';
import { dashboardRoute } from './dashboard';
import { getDashboardPnlRoute } from './get-dashboard-pnl';
import { generateBrokerConnectionLinkRoute } from './generate-broker-connection-link';
import { getGroupOrderHistoryRoute } from './get-group-order-history';
import { getIndividualOrderHistoryRoute } from './get-individual-order-history';
import { getOrderDetailsRoute } from './get-order-details';
import { getUserOrdersRoute } from './get-user-orders';
import { getUserActivitiesRoute } from './get-user-activities';
import { getUserLedgerRoute } from './get-user-ledger';
import { getUserNotificationsRoute } from './get-user-notifications';
import { getWhiteLabelImagesRoute } from './get-white-label-images';
import { setWhiteLabelImagesRoute } from './set-white-label-images';
import { updateUserProfileRoute } from './update-user-profile';
import { updateUserEmailRoute } from './update-user-email';
import { updateUserMobileNoRoute } from './update-user-mobile-no';

export const handler = createGroupHandler('user', [
  getUserProfileRoute,
  dashboardRoute,
  getDashboardPnlRoute,
  updateUserProfileRoute,
  getUserLedgerRoute,
  getUserActivitiesRoute,
  getUserNotificationsRoute,
  setWhiteLabelImagesRoute,
  getWhiteLabelImagesRoute,
  updateUserMobileNoRoute,
  updateUserEmailRoute,
  generateBrokerConnectionLinkRoute,
  getIndividualOrderHistoryRoute,
  getGroupOrderHistoryRoute,
  getUserOrdersRoute,
  getOrderDetailsRoute,
  getAutomationStatusRoute,
  stopAutomationRoute,
  resumeAutomationRoute,
  stopFranchiseAutomationRoute,
  resumeFranchiseAutomationRoute,
]);
