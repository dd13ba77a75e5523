import { ulid } from 'ulid';
import { connectAccount } from '../../functions/broker-accounts/accounts/connect-account';
import { updateGroupSettings } from '../../functions/data/groups/group';
import { putStrategyDirectoryEntry } from '../../functions/data/strategies/strategy-access-repository';
import { createStrategyPlan } from '../../functions/data/strategies/strategy-plans-repository';
import { getUser } from '../../functions/data/users-repository';
import { addGroup } from '../../functions/groups/use-cases/group-settings';
import { now } from '../../functions/platform/clock';
import { testLoginContext } from './login-context';

/**
 * For the access matrices: a PUBLIC strategy with one plan in the caller's own partition (written through
 * the data layer, as the matrices do for every object), so the call reaches the check of the user it
 * names. Only a broker panel of franchise 1 (the sub-user's own panel) gets a connected paper account
 * of the sub-user to add — made when it calls, after the matrix compared the sub-user's partition.
 */
export async function arrangeCallerStrategy(caller: { readonly userId: number; readonly frchId: number }, subUserId: number): Promise<Record<string, unknown>> {
  const group = await addGroup(caller, { grp_name: 'Matrix strategy', trading_enabled: true, place_rejected: false });
  await putStrategyDirectoryEntry(caller, group.grp_id);
  await updateGroupSettings(caller, group.grp_id, { is_strategy: true, visibility: 'PUBLIC' });
  const plan = await createStrategyPlan(caller, { plan_id: ulid(), grp_id: group.grp_id, label: 'Matrix', duration_days: 7, price_paise: 100_00, min_capital_note: null }, now());
  const user = await getUser(caller.frchId, caller.userId);
  const ownPanel = caller.frchId === 1 && user?.is_brokerpanel === true;
  const accountId = ownPanel ? (await connectAccount({ frchId: 1, userId: subUserId }, { broker: 'paper' }, testLoginContext())).account.broker_id : ulid();
  return { group_id: group.grp_id, plan_id: plan.plan_id, broker_id: accountId };
}
