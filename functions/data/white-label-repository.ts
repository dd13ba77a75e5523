import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WHITE_LABEL_IMAGE_TYPES } from '../../shared/domain/ranges';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { whiteLabelKeys } from './keys';
import { nowIso, tableName } from './table';

export type WhiteLabelImageType = (typeof WHITE_LABEL_IMAGE_TYPES)[number];

/** The version (upload time in epoch ms) of each of a franchise's images; null where none was set. */
export type WhiteLabelImageVersions = Readonly<Record<WhiteLabelImageType, number | null>>;

function toVersions(item: Record<string, unknown> | undefined): WhiteLabelImageVersions {
  const versionOf = (type: WhiteLabelImageType) => {
    const value = item?.[type];
    return typeof value === 'number' ? value : null;
  };
  return Object.fromEntries(WHITE_LABEL_IMAGE_TYPES.map((type) => [type, versionOf(type)])) as Record<WhiteLabelImageType, number | null>;
}

export async function getWhiteLabelImageVersions(frchId: number): Promise<WhiteLabelImageVersions> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: whiteLabelKeys.images(frchId) }));
  return toVersions(Item);
}

/** Records that the franchise's image of this type changed (creating the item on first use). */
export async function recordWhiteLabelImage(
  frchId: number,
  imageType: WhiteLabelImageType,
  version: number,
  now = clockNow(),
): Promise<WhiteLabelImageVersions> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: whiteLabelKeys.images(frchId),
      UpdateExpression: 'SET #type = :version, entity = :entity, frch_id = :frch, updatedAt = :now, createdAt = if_not_exists(createdAt, :now)',
      ExpressionAttributeNames: { '#type': imageType },
      ExpressionAttributeValues: { ':version': version, ':entity': 'white-label-images', ':frch': frchId, ':now': nowIso(now) },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toVersions(Attributes);
}
