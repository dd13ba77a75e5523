import * as z from 'zod';
import { brokerConfigGroup } from './config-groups/broker-config';
import { configGroupSchema, type ConfigGroup, type ConfigGroupDefinition } from './config-groups/config-group';
import { ftpConfigGroup } from './config-groups/ftp-config';
import { logoConfigGroup } from './config-groups/logo-config';
import { mailConfigGroup } from './config-groups/mail-config';
import { orgConfigGroup } from './config-groups/org-config';
import { paymentConfigsGroup } from './config-groups/payment-configs';
import { defineCall } from './define-call';

/**
 * The broker panel's configs (spec §7 `getbrokerpanelconfigs` / `updateconfigs`; issue 18): one group at a
 * time, each with its own schema (`config-groups/`). Secrets are sealed at rest, answered as the mask and
 * kept when a save leaves them blank; every save keeps the previous version and writes an activity entry
 * naming the fields changed (never a secret's value).
 */

/** Every group the calls know, by name (a group added here is served, stored and shown on /configs). */
export const CONFIG_GROUP_DEFINITIONS = {
  PAYMENT_CONFIGS: paymentConfigsGroup,
  ORG_CONFIG: orgConfigGroup,
  BROKER_CONFIG: brokerConfigGroup,
  MAIL_CONFIG: mailConfigGroup,
  FTP_CONFIG: ftpConfigGroup,
  LOGO_CONFIG: logoConfigGroup,
} as const satisfies Partial<Record<ConfigGroup, ConfigGroupDefinition<ConfigGroup, z.ZodType>>>;
export type KnownConfigGroup = keyof typeof CONFIG_GROUP_DEFINITIONS;
export type ConfigFields<G extends KnownConfigGroup> = z.infer<(typeof CONFIG_GROUP_DEFINITIONS)[G]['fields']>;

/** One group as `getbrokerpanelconfigs` answers it: its fields (secrets masked), whether the caller may save it, who saved it last. */
function groupView<G extends ConfigGroup, F extends z.ZodType>(definition: ConfigGroupDefinition<G, F>) {
  return z.object({
    config_type: z.literal(definition.group),
    title: z.string(),
    editable: z.boolean(),
    /** False until the first save (`config` then holds the defaults, or null when a group has none). */
    configured: z.boolean(),
    config: definition.fields.nullable(),
    /** For each secret field: whether one is stored. */
    secrets_set: z.record(z.string(), z.boolean()),
    updated_at: z.string().nullable(),
    updated_by: z.number().int().nullable(),
  });
}

function groupUpdate<G extends ConfigGroup, F extends z.ZodType>(definition: ConfigGroupDefinition<G, F>) {
  return z.strictObject({ config_type: z.literal(definition.group), config: definition.fields });
}

export const configGroupViewSchema = z.discriminatedUnion('config_type', [groupView(paymentConfigsGroup), groupView(orgConfigGroup), groupView(brokerConfigGroup), groupView(mailConfigGroup), groupView(ftpConfigGroup), groupView(logoConfigGroup)]);
export type ConfigGroupView = z.infer<typeof configGroupViewSchema>;

export const updateConfigsSchema = z.discriminatedUnion('config_type', [groupUpdate(paymentConfigsGroup), groupUpdate(orgConfigGroup), groupUpdate(brokerConfigGroup), groupUpdate(mailConfigGroup), groupUpdate(ftpConfigGroup), groupUpdate(logoConfigGroup)], {
  error: (issue) => (issue.code === 'invalid_union' ? `config_type must be one of ${Object.keys(CONFIG_GROUP_DEFINITIONS).join(', ')}.` : undefined),
});
export type UpdateConfigs = z.infer<typeof updateConfigsSchema>;

export const panelConfigContracts = {
  getBrokerPanelConfigs: defineCall({
    group: 'panelconfigs',
    method: 'GET',
    path: '/users/brokerpanelconfigs/getbrokerpanelconfigs',
    role: 'whiteLabelOrPanel',
    withMsg: true,
    summary:
      "The franchise's config groups the caller may see (the broker panel: all; a white-label user: its brand, LOGO_CONFIG and ORG_CONFIG), each with its fields (secrets masked), `editable`, and who saved it last. `config_type` narrows the answer to one group.",
    request: z.strictObject({ config_type: configGroupSchema.optional() }),
    response: z.object({ groups: z.array(configGroupViewSchema) }),
  }),
  updateConfigs: defineCall({
    group: 'panelconfigs',
    method: 'POST',
    path: '/users/brokerpanelconfigs/updateconfigs',
    role: 'whiteLabelOrPanel',
    withMsg: true,
    summary:
      "Saves one config group of the caller's franchise (`config_type` and its `config`, checked by the group's schema; blank secrets keep the stored ones). A group the caller may not edit → 403. The previous version is kept; answers the group as `getbrokerpanelconfigs` shows it.",
    request: updateConfigsSchema,
    response: configGroupViewSchema,
    activity: 'Updated panel configs',
  }),
} as const;
