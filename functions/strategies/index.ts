import { createGroupHandler } from '../http/group-handler';
import { addStrategyRecordRoute } from './add-strategy-record';
import { deleteStrategyRecordRoute } from './delete-strategy-record';
import { getStrategyRecordsRoute } from './get-strategy-records';
import { updateStrategyRecordRoute } from './update-strategy-record';
import { addStrategyPlanRoute } from './add-strategy-plan';
import { deleteStrategyPlanRoute } from './delete-strategy-plan';
import { getStrategyPlansRoute } from './get-strategy-plans';
import { getSubUserEmailsRoute } from './get-sub-user-emails';
import { updateStrategyPermissionRoute } from './update-strategy-permission';
import { getAvailableStrategiesRoute } from './get-available-strategies';
import { getStrategyUsersRoute } from './get-strategy-users';
import { getSubscriberAccountsRoute } from './get-subscriber-accounts';
import { updateStrategySubscriptionRoute } from './update-strategy-subscription';
import { userStrategySubscriptionRoute } from './user-strategy-subscription';

/** Route group `strategies` (spec §7 "Strategies"): group strategies' plans, permissions, records and subscriptions. */
export const handler = createGroupHandler('strategies', [
  getStrategyRecordsRoute,
  addStrategyRecordRoute,
  updateStrategyRecordRoute,
  deleteStrategyRecordRoute,
  getStrategyPlansRoute,
  addStrategyPlanRoute,
  deleteStrategyPlanRoute,
  getSubUserEmailsRoute,
  updateStrategyPermissionRoute,
  getStrategyUsersRoute,
  userStrategySubscriptionRoute,
  updateStrategySubscriptionRoute,
  getAvailableStrategiesRoute,
  getSubscriberAccountsRoute,
]);
