import { useQueryClient } from '@tanstack/react-query';
import type { OrderGroup, Position } from '@shared/contracts/ordermanager';
import { orderManagerKeys } from './ordermanager-keys';

/**
 * Every write answers what it changed; the cache takes it at once (so the screen moves without waiting
 * for the next poll) and the list is then read again, since counts and all-actions are derived server-side.
 */
export function useOrderGroupCache() {
  const queryClient = useQueryClient();
  const update = (change: (groups: OrderGroup[]) => OrderGroup[]) =>
    queryClient.setQueryData<OrderGroup[]>(orderManagerKeys.groups(), (groups) => groups && change(groups));
  // Order groups are also shown through a JSON bridge's own query; a prefix covers both.
  const refresh = () => queryClient.invalidateQueries({ queryKey: orderManagerKeys.all });
  return {
    storeGroup: async (group: OrderGroup) => {
      update((groups) => (groups.some((known) => known.og_id === group.og_id) ? groups.map((known) => (known.og_id === group.og_id ? group : known)) : [...groups, group]));
      await refresh();
    },
    dropGroup: async (ogId: string) => {
      update((groups) => groups.filter((group) => group.og_id !== ogId));
      await refresh();
    },
    storePosition: async (position: Position) => {
      update((groups) => groups.map((group) => (group.og_id === position.og_id ? { ...group, position_data: withPosition(group.position_data, position) } : group)));
      await refresh();
    },
    dropPosition: async (ogId: string, opId: string) => {
      update((groups) => groups.map((group) => (group.og_id === ogId ? { ...group, position_data: group.position_data.filter((position) => position.op_id !== opId) } : group)));
      await refresh();
    },
    refresh,
  };
}

function withPosition(positions: readonly Position[], position: Position): Position[] {
  const isKnown = positions.some((known) => known.op_id === position.op_id);
  return isKnown ? positions.map((known) => (known.op_id === position.op_id ? position : known)) : [...positions, position];
}
