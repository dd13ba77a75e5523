import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { CONFIG_GROUPS, type ConfigGroup } from '../../../shared/contracts/config-groups/config-group';
import { dynamo } from '../../platform/clients';
import { sealedFieldsSchema } from '../../platform/secrets/sealed-secret';
import { tableName, transactIfConditionsHold, type TransactItem } from '../table';

/**
 * A franchise's config group (issue 18):
 * - the group `FR#<frch>` / `PANELCONFIG#<GROUP>`: plain fields in `values`, secrets sealed in `sealed`
 *   (each field under its own data key, so a save that keeps one leaves its ciphertext untouched), `v`
 *   counting saves (a save is conditioned on the version it read);
 * - its earlier versions `FR#<frch>#PANELCONFIGHIST` / `<GROUP>#<v, 6 digits>`: the item as it was before
 *   each save (secrets still sealed), written in the save's transaction, kept for audit.
 */
export const panelConfigKeys = {
  group: (frchId: number, group: ConfigGroup) => ({ PK: `FR#${frchId}`, SK: `PANELCONFIG#${group}` }),
  history: (frchId: number, group: ConfigGroup, v: number) => ({ PK: `FR#${frchId}#PANELCONFIGHIST`, SK: `${group}#${String(v).padStart(6, '0')}` }),
  historyPartition: (frchId: number) => `FR#${frchId}#PANELCONFIGHIST`,
};

export const panelConfigItemSchema = z.object({
  entity: z.literal('panel-config'),
  frch_id: z.number().int(),
  group: z.enum(CONFIG_GROUPS),
  values: z.record(z.string(), z.unknown()),
  sealed: sealedFieldsSchema,
  /** The fields the save changed (names only), for the audit trail. */
  changed: z.array(z.string()),
  v: z.number().int().positive(),
  updated_by: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PanelConfigItem = z.infer<typeof panelConfigItemSchema>;

export async function getPanelConfigItem(frchId: number, group: ConfigGroup): Promise<PanelConfigItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: panelConfigKeys.group(frchId, group), ConsistentRead: true }));
  return Item ? panelConfigItemSchema.parse(Item) : null;
}

/** Every stored group of a franchise (one Query of its partition's `PANELCONFIG#` items). */
export async function listPanelConfigItems(frchId: number): Promise<PanelConfigItem[]> {
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': `FR#${frchId}`, ':prefix': 'PANELCONFIG#' },
      ConsistentRead: true,
    }),
  );
  return (answer.Items ?? []).map((item) => panelConfigItemSchema.parse(item));
}

/**
 * Writes a group's new version if the stored one is still `previous` (null: none yet), with `previous`
 * copied into the history in the same transaction. False when another save came first.
 */
export async function savePanelConfigItem(item: PanelConfigItem, previous: PanelConfigItem | null): Promise<boolean> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...panelConfigKeys.group(item.frch_id, item.group), ...item },
        ConditionExpression: previous ? 'v = :expected' : 'attribute_not_exists(PK)',
        ...(previous ? { ExpressionAttributeValues: { ':expected': previous.v } } : {}),
      },
    },
  ];
  if (previous) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: { ...panelConfigKeys.history(previous.frch_id, previous.group, previous.v), ...previous, entity: 'panel-config-version' },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }
  return transactIfConditionsHold(items);
}

/** A group's earlier versions, newest first (the audit trail). */
export async function listPanelConfigHistory(frchId: number, group: ConfigGroup, limit = 20): Promise<PanelConfigItem[]> {
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': panelConfigKeys.historyPartition(frchId), ':prefix': `${group}#` },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (answer.Items ?? []).map((item) => panelConfigItemSchema.parse({ ...item, entity: 'panel-config' }));
}
