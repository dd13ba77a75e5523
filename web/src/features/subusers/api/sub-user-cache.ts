import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SubUser } from '@shared/contracts/subusers';
import { subUserKeys } from './sub-user-keys';

interface SubUsersPage {
  items: SubUser[];
  total: number;
}

interface SubUserInfo {
  sub_user: SubUser;
}

/** Every cached list page and the one-user query, as they are now (to roll an optimistic change back). */
export type SubUserSnapshot = ReadonlyArray<readonly [readonly unknown[], unknown]>;

export function takeSnapshot(queryClient: QueryClient, subUserId: number): SubUserSnapshot {
  return [...queryClient.getQueriesData({ queryKey: subUserKeys.lists() }), ...queryClient.getQueriesData({ queryKey: subUserKeys.info(subUserId) })];
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: SubUserSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** Changes one sub-user wherever it is cached: in every list page and in its own query. */
export function patchSubUser(queryClient: QueryClient, subUserId: number, patch: (user: SubUser) => SubUser): void {
  queryClient.setQueriesData<SubUsersPage>({ queryKey: subUserKeys.lists() }, (page) =>
    page ? { ...page, items: page.items.map((user) => (user.user_id === subUserId ? patch(user) : user)) } : page,
  );
  queryClient.setQueryData<SubUserInfo>(subUserKeys.info(subUserId), (info) => (info ? { ...info, sub_user: patch(info.sub_user) } : info));
}

/** Stores the sub-user a call answered, in every place it is shown. */
export function useStoreSubUser() {
  const queryClient = useQueryClient();
  return (subUser: SubUser) => patchSubUser(queryClient, subUser.user_id, () => subUser);
}
