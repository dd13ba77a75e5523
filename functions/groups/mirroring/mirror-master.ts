import { getBrokerAccount } from '../../data/broker-accounts-repository';
import { getGroup, type GroupItem } from '../../data/groups/group';
import type { GroupOwner } from '../../data/groups/group-keys';
import { scriptResolverOf, type ScriptResolver } from '../../broker-adapters/mapping/script-resolver';
import { instrumentMaster } from '../../market/instrument-master';
import { withBroker } from '../../orders/account-adapter';
import { orderPathSettings } from '../../orders/order-path-settings';
import { now } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { isMasterPolledAt } from './mirror-hours';
import { mirrorGroup } from './mirror-group';

/**
 * One mirror step for one master account: its book is read once and every group it is master of is
 * mirrored from that read. The schedule runs it during market hours; a broker's postback runs it
 * whenever one arrives. Groups are re-read here (the index that found them may lag), and a group
 * whose master changed meanwhile is left alone; one group's failure does not stop the others.
 */
export interface MasterStep {
  readonly owner: GroupOwner;
  readonly accountId: string;
  readonly grpIds: readonly string[];
}

export interface MasterStepReport {
  /** False when nothing was read: no group still has this master, it is not connected, or outside polling hours. */
  readonly polled: boolean;
  readonly groups: number;
  /** Groups whose mirroring stopped on an error (logged); the next step tries them again. */
  readonly failedGroups: readonly string[];
}

const IDLE: MasterStepReport = { polled: false, groups: 0, failedGroups: [] };

async function groupsStillMasteredBy(step: MasterStep): Promise<GroupItem[]> {
  const groups = await Promise.all(step.grpIds.map((grpId) => getGroup(step.owner, grpId)));
  return groups.filter((group): group is GroupItem => group !== null && group.master_broker_id === step.accountId);
}

export async function mirrorMaster(step: MasterStep, log: Logger, options: { readonly onlyInPollingHours: boolean }): Promise<MasterStepReport> {
  const settings = orderPathSettings();
  const master = await getBrokerAccount(step.owner, step.accountId);
  if (!master || master.status !== 'connected') return IDLE;
  if (options.onlyInPollingHours && !isMasterPolledAt(master.broker, now(), settings.paperAlwaysOpen)) return IDLE;
  const groups = await groupsStillMasteredBy(step);
  if (groups.length === 0) return IDLE;
  const book = await withBroker(step.owner, master, log, (adapter) => adapter.orderBook());
  let resolver: Promise<ScriptResolver> | null = null;
  const resolve = () => (resolver ??= instrumentMaster().then((loaded) => scriptResolverOf(master.broker, loaded)));
  const failedGroups: string[] = [];
  for (const group of groups) {
    const groupLog = log.child({ grpId: group.grp_id });
    try {
      await mirrorGroup({ owner: step.owner, group, master, log: groupLog }, book, resolve);
    } catch (error) {
      groupLog.error('group not mirrored', { brokerId: master.broker_id, error });
      failedGroups.push(group.grp_id);
    }
  }
  return { polled: true, groups: groups.length, failedGroups };
}
