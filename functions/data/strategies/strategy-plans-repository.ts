import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../../platform/clients';
import { now as clockNow } from '../../platform/clock';
import { queryOwnerPrefix, type GroupOwner } from '../groups/group-keys';
import { isConditionFailure, tableName } from '../table';
import { strategyPlanKeys } from './strategy-plan-keys';

/**
 * A strategy's plan as stored: the price in integer paise (the API shows credits = rupees). A plan is
 * withdrawn (`withdrawn_at` set) instead of deleted, so subscriptions taken on it keep their plan.
 */
export const strategyPlanItemSchema = z.object({
  plan_id: z.string(),
  grp_id: z.string(),
  label: z.string(),
  duration_days: z.number().int().positive(),
  price_paise: z.number().int().positive(),
  min_capital_note: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  createdAt: z.string(),
});
export type StrategyPlanItem = z.infer<typeof strategyPlanItemSchema>;

export type NewStrategyPlan = Omit<StrategyPlanItem, 'withdrawn_at' | 'createdAt'>;

const keyOf = (owner: GroupOwner, grpId: string, planId: string) => strategyPlanKeys.item(owner.frchId, owner.userId, grpId, planId);

/** Writes a new plan (a fresh id: the condition only guards against reusing one). */
export async function createStrategyPlan(owner: GroupOwner, plan: NewStrategyPlan, now = clockNow()): Promise<StrategyPlanItem> {
  const item = strategyPlanItemSchema.parse({ ...plan, withdrawn_at: null, createdAt: now.toISOString() });
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keyOf(owner, plan.grp_id, plan.plan_id), entity: 'strategy-plan', ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return item;
}

/** Every plan of the strategy, withdrawn ones included, oldest first. */
export async function listStrategyPlans(owner: GroupOwner, grpId: string): Promise<StrategyPlanItem[]> {
  const items = await queryOwnerPrefix(owner, strategyPlanKeys.groupPrefix(grpId));
  return items.map((item) => strategyPlanItemSchema.parse(item));
}

/** One plan of the strategy, withdrawn or not; null when there is none by that id. */
export async function getStrategyPlan(owner: GroupOwner, grpId: string, planId: string): Promise<StrategyPlanItem | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keyOf(owner, grpId, planId) }));
  return Item ? strategyPlanItemSchema.parse(Item) : null;
}

/** Withdraws a plan still offered; null when there is no such plan or it was already withdrawn. */
export async function withdrawStrategyPlan(owner: GroupOwner, grpId: string, planId: string, now = clockNow()): Promise<StrategyPlanItem | null> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(owner, grpId, planId),
        UpdateExpression: 'SET withdrawn_at = :at',
        ConditionExpression: 'attribute_exists(PK) AND withdrawn_at = :none',
        ExpressionAttributeValues: { ':at': now.toISOString(), ':none': null },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return strategyPlanItemSchema.parse(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
