import { useQueryClient } from '@tanstack/react-query';
import type { Group, GroupBroker } from '@shared/contracts/groups';
import { groupKeys } from '@/entities/groups/api/group-keys';

/** Puts a group the server answered into the cache (its page and its row in the list), then marks the list stale. */
export function useStoreGroup(): (group: Group) => Promise<void> {
  const queryClient = useQueryClient();
  return async (group) => {
    queryClient.setQueryData(groupKeys.detail(group.grp_id), group);
    queryClient.setQueryData<Group[]>(groupKeys.list(), (groups) => groups?.map((existing) => (existing.grp_id === group.grp_id ? group : existing)));
    await queryClient.invalidateQueries({ queryKey: groupKeys.list() });
  };
}

/**
 * Puts a child the server answered into its group's list (added at the end when new), then reads the
 * group again: its child count moved.
 */
export function useStoreChild(): (child: GroupBroker) => Promise<void> {
  const queryClient = useQueryClient();
  return async (child) => {
    queryClient.setQueryData<GroupBroker[]>(groupKeys.children(child.grp_id), (children) => children && withChild(children, child));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: groupKeys.children(child.grp_id) }),
      queryClient.invalidateQueries({ queryKey: groupKeys.detail(child.grp_id) }),
      queryClient.invalidateQueries({ queryKey: groupKeys.list() }),
    ]);
  };
}

function withChild(children: readonly GroupBroker[], child: GroupBroker): GroupBroker[] {
  const isKnown = children.some((existing) => existing.grp_broker_id === child.grp_broker_id);
  return isKnown ? children.map((existing) => (existing.grp_broker_id === child.grp_broker_id ? child : existing)) : [...children, child];
}
