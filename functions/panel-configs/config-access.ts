import type { ConfigGroup } from '../../shared/contracts/config-groups/config-group';
import { CONFIG_GROUP_DEFINITIONS, type KnownConfigGroup } from '../../shared/contracts/panel-configs';
import type { RoleFlags } from '../../shared/domain/roles';

/** The groups a caller may see: the broker panel all of them; a white-label user only what it may edit (its brand). */
export function visibleGroups(roles: RoleFlags): KnownConfigGroup[] {
  const groups = Object.keys(CONFIG_GROUP_DEFINITIONS) as KnownConfigGroup[];
  return roles.is_brokerpanel ? groups : groups.filter((group) => canEdit(roles, group));
}

/** Whether a caller may save a group: the broker panel every group; a white-label user the groups open to it. */
export function canEdit(roles: RoleFlags, group: ConfigGroup): boolean {
  if (roles.is_brokerpanel) return true;
  const definition = (CONFIG_GROUP_DEFINITIONS as Partial<Record<ConfigGroup, { editors: readonly string[] }>>)[group];
  return Boolean(roles.is_white_label && definition?.editors.includes('whiteLabel'));
}
