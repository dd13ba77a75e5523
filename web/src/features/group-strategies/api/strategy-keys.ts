/** Query keys of the strategy management screen, all under one strategy (its group id). */
export const strategyKeys = {
  all: ['group-strategies'] as const,
  scope: (groupId: string) => [...strategyKeys.all, groupId] as const,
  group: (groupId: string) => [...strategyKeys.scope(groupId), 'group'] as const,
  plans: (groupId: string) => [...strategyKeys.scope(groupId), 'plans'] as const,
  records: (groupId: string, fromDate?: string, toDate?: string) => [...strategyKeys.scope(groupId), 'records', fromDate, toDate] as const,
  recordsAll: (groupId: string) => [...strategyKeys.scope(groupId), 'records'] as const,
  permissions: (groupId: string) => [...strategyKeys.scope(groupId), 'permissions'] as const,
  usersAll: (groupId: string) => [...strategyKeys.scope(groupId), 'users'] as const,
  /** The USERS tab, filtered by subscription status (`all`: no filter). */
  users: (groupId: string, status: string) => [...strategyKeys.usersAll(groupId), status] as const,
  permissionPage: (groupId: string, search: string, offset: number) => [...strategyKeys.permissions(groupId), search, offset] as const,
  /** A sub-user's connected accounts the owner could add to the strategy. */
  subscriberAccounts: (groupId: string, subUserId: number) => [...strategyKeys.scope(groupId), 'subscriber-accounts', subUserId] as const,
  /** The owner's sub-users matching a search, for adding one to a strategy. */
  subUserMatches: (search: string) => [...strategyKeys.all, 'sub-users', search] as const,
};
