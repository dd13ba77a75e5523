import { MASKED_SECRET, type ConfigGroup } from '../../shared/contracts/config-groups/config-group';
import { DEFAULT_BROKER_CONFIG } from '../../shared/contracts/config-groups/broker-config';
import { DEFAULT_PAYMENT_CONFIGS } from '../../shared/contracts/config-groups/payment-configs';
import { CONFIG_GROUP_DEFINITIONS, type ConfigFields, type ConfigGroupView, type KnownConfigGroup } from '../../shared/contracts/panel-configs';
import type { RoleFlags } from '../../shared/domain/roles';
import { getPanelConfigItem, listPanelConfigItems, type PanelConfigItem } from '../data/panel-configs/panel-config-repository';
import { openSecrets } from '../platform/secrets/secret-box';
import { canEdit, visibleGroups } from './config-access';
import { configSecretScope } from './config-secrets';

/** What a group holds before its first save (null: nothing until the franchise fills it in). */
const DEFAULTS: Partial<Record<KnownConfigGroup, unknown>> = { PAYMENT_CONFIGS: DEFAULT_PAYMENT_CONFIGS, BROKER_CONFIG: DEFAULT_BROKER_CONFIG };

/** A stored group as answered: plain fields as stored, each secret as the mask (or '' when none is stored). */
export function configGroupView(group: KnownConfigGroup, item: PanelConfigItem | null, roles: RoleFlags): ConfigGroupView {
  const definition = CONFIG_GROUP_DEFINITIONS[group];
  const secretsSet = Object.fromEntries(definition.secretFields.map((field) => [field, Boolean(item?.sealed[field])]));
  const masked = Object.fromEntries(definition.secretFields.map((field) => [field, secretsSet[field] ? MASKED_SECRET : '']));
  const config = item ? definition.fields.parse({ ...item.values, ...masked }) : (DEFAULTS[group] ?? null);
  return {
    config_type: group,
    title: definition.title,
    editable: canEdit(roles, group),
    configured: item !== null,
    config,
    secrets_set: secretsSet,
    updated_at: item?.updatedAt ?? null,
    updated_by: item?.updated_by ?? null,
  } as ConfigGroupView;
}

/** The groups the caller may see (or the one asked for), in the order of the definitions. */
export async function readPanelConfigs(frchId: number, roles: RoleFlags, only?: ConfigGroup): Promise<ConfigGroupView[]> {
  const visible = visibleGroups(roles).filter((group) => !only || group === only);
  const stored = new Map((await listPanelConfigItems(frchId)).map((item) => [item.group, item]));
  return visible.map((group) => configGroupView(group, stored.get(group) ?? null, roles));
}

/**
 * A group's plain fields for the features it drives (mail, brokers, payments …): the stored ones, else
 * the group's defaults, else null. Secrets are not in it (`openConfigSecrets`).
 */
export async function readConfigFields<G extends KnownConfigGroup>(frchId: number, group: G): Promise<ConfigFields<G> | null> {
  const item = await getPanelConfigItem(frchId, group);
  if (!item) return (DEFAULTS[group] as ConfigFields<G> | undefined) ?? null;
  const definition = CONFIG_GROUP_DEFINITIONS[group];
  const blanks = Object.fromEntries(definition.secretFields.map((field) => [field, '']));
  return definition.fields.parse({ ...item.values, ...blanks }) as ConfigFields<G>;
}

/** A group's secrets, opened (for the feature that uses them, never for an answer or a log line). */
export async function openConfigSecrets(frchId: number, group: KnownConfigGroup): Promise<Record<string, string>> {
  const item = await getPanelConfigItem(frchId, group);
  if (!item || Object.keys(item.sealed).length === 0) return {};
  return openSecrets(configSecretScope(frchId, group), item.sealed);
}
