import type { ConfigGroup } from '../../shared/contracts/config-groups/config-group';
import type { SecretScope } from '../platform/secrets/sealed-secret';

/** A group's secrets are sealed as the franchise's own (user 0), bound to the group. */
export function configSecretScope(frchId: number, group: ConfigGroup): SecretScope {
  return { frchId, userId: 0, accountId: `panelconfig-${group.toLowerCase()}` };
}
