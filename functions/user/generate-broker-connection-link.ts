import { brokerLinkContracts } from '../../shared/contracts/broker';
import { createConnectionLink } from '../broker-accounts/accounts/connection-link';
import { defineRoute } from '../platform/http/route';
import { assertMayShareLinks } from '../sub-users/sub-user-permissions';

export const generateBrokerConnectionLinkRoute = defineRoute(brokerLinkContracts.generateBrokerConnectionLink, async ({ principal }) => {
  await assertMayShareLinks(principal);
  const { link, token, expiresAt } = await createConnectionLink(principal);
  return { data: { link, token, expires_at: expiresAt.toISOString() }, message: 'Connection link generated' };
});
