import { keepsStoredSecret } from '../../shared/contracts/config-groups/config-group';
import { CONFIG_GROUP_DEFINITIONS, type ConfigGroupView, type UpdateConfigs } from '../../shared/contracts/panel-configs';
import type { RoleFlags } from '../../shared/domain/roles';
import { getPanelConfigItem, savePanelConfigItem, type PanelConfigItem } from '../data/panel-configs/panel-config-repository';
import { ConflictError, ForbiddenError } from '../platform/errors';
import { sealSecrets } from '../platform/secrets/secret-box';
import { canEdit } from './config-access';
import { forgetCachedConfig } from './config-cache';
import { configSecretScope } from './config-secrets';
import { configGroupView } from './read-panel-configs';

export const CONFIGS_CHANGED_MESSAGE = 'These settings were changed meanwhile. Reload them and save again.';

export interface ConfigEditorActor {
  readonly userId: number;
  readonly roles: RoleFlags;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves one group of the franchise's configs: checked by its schema (the route did), only by a caller who
 * may edit it (403 otherwise). Typed secrets are sealed, blank ones keep the stored ciphertext. The write is
 * conditioned on the version read and keeps the previous version (409 when two saves crossed). A save that
 * changes nothing writes nothing. Answers the group as shown and the names of the fields it changed.
 */
export async function savePanelConfig(frchId: number, actor: ConfigEditorActor, request: UpdateConfigs, now: Date): Promise<{ view: ConfigGroupView; changed: string[] }> {
  const group = request.config_type;
  const definition = CONFIG_GROUP_DEFINITIONS[group];
  if (!canEdit(actor.roles, group)) throw new ForbiddenError(`Only the broker panel may change the ${definition.title} settings.`);
  const existing = await getPanelConfigItem(frchId, group);
  const input = request.config as Record<string, unknown>;
  const secretFields = new Set(definition.secretFields);
  const values = Object.fromEntries(Object.entries(input).filter(([field]) => !secretFields.has(field)));
  const fresh = Object.fromEntries(
    Object.entries(input).filter((entry): entry is [string, string] => secretFields.has(entry[0]) && typeof entry[1] === 'string' && !keepsStoredSecret(entry[1])),
  );
  const changed = [
    ...Object.keys(values).filter((field) => !existing || !same(existing.values[field], values[field])),
    ...Object.keys(fresh),
  ];
  if (existing && changed.length === 0) return { view: configGroupView(group, existing, actor.roles), changed };
  const sealed = { ...(existing?.sealed ?? {}), ...(Object.keys(fresh).length > 0 ? await sealSecrets(configSecretScope(frchId, group), fresh) : {}) };
  const at = now.toISOString();
  const item: PanelConfigItem = {
    entity: 'panel-config',
    frch_id: frchId,
    group,
    values,
    sealed,
    changed,
    v: (existing?.v ?? 0) + 1,
    updated_by: actor.userId,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
  };
  if (!(await savePanelConfigItem(item, existing))) throw new ConflictError(CONFIGS_CHANGED_MESSAGE);
  forgetCachedConfig(frchId, group);
  return { view: configGroupView(group, item, actor.roles), changed };
}
