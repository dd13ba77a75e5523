import { createContext, useContext } from 'react';
import { hasRole } from '@shared/domain/roles';
import { paths, pathTo } from '@/config/paths';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';

/**
 * The same group screens live under two route families (spec §2, §6): /group/group/… for users who are
 * not a broker panel, /group/strategy/… for a broker panel's group strategies. Every link a group screen
 * draws stays in the family it was opened in, since the other family's gate refuses the user.
 */
export type GroupFamily = 'group' | 'strategy';

export interface GroupRoutes {
  family: GroupFamily;
  list: string;
  /** What the list is called in "Back to …" links. */
  listName: string;
  /** The headings of the group's page and of one account's page within it. */
  groupTitle: string;
  accountTitle: string;
  group: (grpId: string) => string;
  positions: (grpId: string) => string;
  broker: (grpId: string, brokerId: string) => string;
}

const FAMILY_PATHS = {
  group: {
    list: paths.groups,
    listName: 'groups',
    groupTitle: 'Group',
    accountTitle: 'Group account',
    group: paths.group,
    positions: paths.groupPositions,
    broker: paths.groupBroker,
  },
  strategy: {
    list: paths.groupStrategies,
    listName: 'strategies',
    groupTitle: 'Group Strategy',
    accountTitle: 'Group strategy account',
    group: paths.groupStrategy,
    positions: paths.groupStrategyPositions,
    broker: paths.groupStrategyBroker,
  },
} as const;

export function groupRoutesOf(family: GroupFamily): GroupRoutes {
  const familyPaths = FAMILY_PATHS[family];
  return {
    family,
    list: familyPaths.list,
    listName: familyPaths.listName,
    groupTitle: familyPaths.groupTitle,
    accountTitle: familyPaths.accountTitle,
    group: (grpId) => pathTo(familyPaths.group, { group_id: grpId }),
    positions: (grpId) => pathTo(familyPaths.positions, { group_id: grpId }),
    broker: (grpId, brokerId) => pathTo(familyPaths.broker, { group_id: grpId, broker_id: brokerId }),
  };
}

/** Set by each group page from its route; components below it read their links from here. */
export const GroupFamilyContext = createContext<GroupFamily>('group');

export function useGroupRoutes(): GroupRoutes {
  return groupRoutesOf(useContext(GroupFamilyContext));
}

/** For screens both families share (Pending Orders): a broker panel's groups are its strategies. */
export function useCallerGroupFamily(): GroupFamily {
  const profile = useUserProfile().data;
  return profile && hasRole(profile, 'brokerPanel') ? 'strategy' : 'group';
}
