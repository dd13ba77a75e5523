import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_SCHEMA } from '../../shared/config/table';
import { dynamo } from '../platform/clients';
import { signalRetryKeys } from './keys';
import { tableName } from './table';

/**
 * The retry window's record of a body (docs/data-model.md): which signal its first arrival became and
 * when. One conditional put decides, atomically, whether an arrival is that body's first within the
 * window (it writes its own signal id) or a retry (the put is refused and answers the stored id); two
 * concurrent arrivals of one body can never both be first. The window slides: it is measured from the
 * first arrival, not a calendar minute.
 */
export interface RetryWindowClaim {
  readonly frchId: number;
  readonly userId: number;
  readonly bridgeId: string;
  readonly bodyDigest: string;
  /** The id this arrival gets when it is the first. */
  readonly candidateSignalId: string;
  readonly receivedAt: Date;
  readonly windowSeconds: number;
}

export interface RetryWindowVerdict {
  readonly signalId: string;
  /** True when an earlier arrival of the body, within the window, already named the signal. */
  readonly retry: boolean;
}

/** Kept a little past the window (TTL deletion is lazy; the condition, not the TTL, decides). */
const EXPIRY_SLACK_SECONDS = 60;

function storedSignalIdOf(failure: ConditionalCheckFailedException): string | null {
  const stored = failure.Item?.signal_id?.S;
  return typeof stored === 'string' ? stored : null;
}

export async function claimRetryWindow(claim: RetryWindowClaim): Promise<RetryWindowVerdict> {
  const arrivedMs = claim.receivedAt.getTime();
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...signalRetryKeys.item(claim.frchId, claim.userId, claim.bridgeId, claim.bodyDigest),
          entity: 'signal-retry',
          signal_id: claim.candidateSignalId,
          first_arrival_ms: arrivedMs,
          [TABLE_SCHEMA.ttlAttribute]: Math.ceil(arrivedMs / 1000) + claim.windowSeconds + EXPIRY_SLACK_SECONDS,
        },
        // First within the window: no record, or the record's first arrival is a full window back.
        ConditionExpression: 'attribute_not_exists(PK) OR first_arrival_ms <= :windowStart',
        ExpressionAttributeValues: { ':windowStart': arrivedMs - claim.windowSeconds * 1000 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { signalId: claim.candidateSignalId, retry: false };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const stored = storedSignalIdOf(error);
    if (stored === null) throw error;
    return { signalId: stored, retry: true };
  }
}
