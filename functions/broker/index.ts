import { createGroupHandler } from '../http/group-handler';
import { addBrokerNoteRoute } from './add-broker-note';
import { completeBrokerLoginRoute } from './complete-broker-login';
import { connectBrokerRoute } from './connect-broker';
import { directPlaceOrderRoute } from './direct/place-order';
import { directSquareOffRoute } from './direct/square-off';
import { directSquareOffAllRoute } from './direct/square-off-all';
import { directUpdateBrokerOrderRoute } from './direct/update-broker-order';
import { directUpdateOrderRoute } from './direct/update-order';
import { getAvailableBrokersRoute } from './get-available-brokers';
import { getBrokerInfoRoute } from './get-broker-info';
import { getBrokerFundsRoute } from './get-broker-funds';
import { getBrokerNamesRoute } from './get-broker-names';
import { getBrokerHoldingsRoute } from './get-broker-holdings';
import { getBrokerOrderBookRoute } from './get-broker-order-book';
import { getBrokerPlansRoute } from './get-broker-plans';
import { getBrokerPositionsRoute } from './get-broker-positions';
import { getBrokersRoute } from './get-brokers';
import { getDeleteRefundNoteRoute } from './get-delete-refund-note';
import { getOrderMarginRoute } from './get-order-margin';
import { reconnectRoute } from './reconnect';
import { refreshRoute } from './refresh';
import { refreshAllRoute } from './refresh-all';
import { removeAllSelfBrokersRoute } from './remove-all-self-brokers';
import { removeBrokerRoute } from './remove-broker';
import { updateAutoRenewFlagRoute } from './update-auto-renew-flag';
import { updateBrokerSubscriptionRoute } from './update-broker-subscription';
import { updateBrokerTradingFlagRoute } from './update-broker-trading-flag';

/** Route group `broker` (spec §7): the catalog, plans and the caller's broker accounts. */
export const handler = createGroupHandler('broker', [
  getBrokerNamesRoute,
  getAvailableBrokersRoute,
  getBrokerPlansRoute,
  getBrokersRoute,
  getBrokerInfoRoute,
  connectBrokerRoute,
  reconnectRoute,
  addBrokerNoteRoute,
  updateBrokerSubscriptionRoute,
  refreshRoute,
  refreshAllRoute,
  updateBrokerTradingFlagRoute,
  updateAutoRenewFlagRoute,
  getDeleteRefundNoteRoute,
  removeBrokerRoute,
  removeAllSelfBrokersRoute,
  directPlaceOrderRoute,
  directUpdateOrderRoute,
  directUpdateBrokerOrderRoute,
  directSquareOffRoute,
  directSquareOffAllRoute,
  getBrokerPositionsRoute,
  getBrokerOrderBookRoute,
  getBrokerHoldingsRoute,
  getOrderMarginRoute,
  getBrokerFundsRoute,
  completeBrokerLoginRoute,
]);
