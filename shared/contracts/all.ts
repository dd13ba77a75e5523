import type { CallContract } from './define-call';
import { allowedBrokersContracts } from './allowed-brokers';
import { authContracts } from './auth';
import { automationContracts } from './automation';
import { bankDetailsContracts, bankTransferContracts } from './bank-transfers';
import { bridgeContracts, bridgeWebhookContracts } from './bridge';
import { brokerContracts, brokerLinkContracts } from './broker';
import { brokerTradingContracts } from './broker-trading';
import { bulkMailContracts } from './bulk-mail';
import { customBridgeSecurityContracts, jsonBridgeSecurityContracts } from './bridge-security';
import { franchiseMoneyContracts } from './franchise-money';
import { ftpContracts } from './ftp';
import { groupOrderContracts, groupsContracts } from './groups';
import { staticIpContracts } from './ips';
import { jsonBridgeWebhookContracts, jsonbridgeContracts } from './jsonbridge';
import { metaContracts } from './meta';
import { ordermanagerContracts } from './ordermanager';
import { directOrderContracts, orderHistoryContracts, watchlistOrderContracts } from './orders';
import { passwordSetupContracts } from './password-setup';
import { paymentRefundContracts } from './payment-refunds';
import { paymentContracts } from './payments';
import { mailTestContracts } from './mail-test';
import { panelConfigContracts } from './panel-configs';
import { phonePeConfigContracts } from './phonepe-config';
import { postbackContracts } from './postbacks';
import { referralContracts } from './referrals';
import { scriptsContracts } from './scripts';
import { subUserViewContracts } from './subuser-views';
import { subUserContracts } from './subusers';
import { signalContracts } from './signals';
import { strategyPermissionContracts } from './strategy-permissions';
import { strategyPlanContracts } from './strategy-plans';
import { strategyRecordContracts } from './strategy-records';
import { strategySubscriptionContracts } from './strategy-subscriptions';
import { userContracts } from './user';
import { watchlistContracts } from './watchlist';

/** Every call of the API, for the gateway, the route table test, OpenAPI and the infrastructure. */
export const ALL_CONTRACTS: readonly CallContract[] = [
  ...Object.values(authContracts),
  ...Object.values(userContracts),
  ...Object.values(brokerLinkContracts),
  ...Object.values(brokerContracts),
  ...Object.values(brokerTradingContracts),
  ...Object.values(metaContracts),
  ...Object.values(scriptsContracts),
  ...Object.values(watchlistContracts),
  ...Object.values(directOrderContracts),
  ...Object.values(orderHistoryContracts),
  ...Object.values(watchlistOrderContracts),
  ...Object.values(groupsContracts),
  ...Object.values(groupOrderContracts),
  ...Object.values(postbackContracts),
  ...Object.values(ordermanagerContracts),
  ...Object.values(jsonbridgeContracts),
  ...Object.values(jsonBridgeWebhookContracts),
  ...Object.values(jsonBridgeSecurityContracts),
  ...Object.values(customBridgeSecurityContracts),
  ...Object.values(bridgeContracts),
  ...Object.values(bridgeWebhookContracts),
  ...Object.values(signalContracts),
  ...Object.values(bankDetailsContracts),
  ...Object.values(bankTransferContracts),
  ...Object.values(paymentContracts),
  ...Object.values(paymentRefundContracts),
  ...Object.values(phonePeConfigContracts),
  ...Object.values(panelConfigContracts),
  ...Object.values(allowedBrokersContracts),
  ...Object.values(mailTestContracts),
  ...Object.values(franchiseMoneyContracts),
  ...Object.values(ftpContracts),
  ...Object.values(subUserContracts),
  ...Object.values(subUserViewContracts),
  ...Object.values(passwordSetupContracts),
  ...Object.values(referralContracts),
  ...Object.values(bulkMailContracts),
  ...Object.values(automationContracts),
  ...Object.values(staticIpContracts),
  ...Object.values(strategyPlanContracts),
  ...Object.values(strategyPermissionContracts),
  ...Object.values(strategyRecordContracts),
  ...Object.values(strategySubscriptionContracts),
];
