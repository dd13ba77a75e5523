import { allowedBrokersContracts } from '../../shared/contracts/allowed-brokers';
import { allowedBrokers } from '../broker-accounts/accounts/allowed-brokers';
import { brokerRedirectUri } from '../broker-accounts/integrations/redirect-uri';
import { defineRoute } from '../platform/http/route';

/** Spec §7 `GET getallowedbrokers`: the brokers the caller's franchise offers and the redirect URL for this host. */
export const getAllowedBrokersRoute = defineRoute(allowedBrokersContracts.getAllowedBrokers, async ({ principal, scope }) => ({
  data: { brokers: await allowedBrokers(principal.frchId), redirect_url: brokerRedirectUri(scope.raw) },
  message: 'Allowed brokers fetched',
}));
