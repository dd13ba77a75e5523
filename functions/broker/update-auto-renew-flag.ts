import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { setAutoRenew } from '../broker-accounts/accounts/account-settings';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';

export const updateAutoRenewFlagRoute = defineRoute(brokerContracts.updateAutoRenewFlag, async ({ body, principal }) => ({
  data: toBrokerAccount(await setAutoRenew(principal, body.broker_id, body.auto_renew)),
  message: body.auto_renew ? 'Auto-renew turned on' : 'Auto-renew turned off',
}));
