/** Query keys of groups; every group query and invalidation goes through these. */
export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  names: () => [...groupKeys.all, 'names'] as const,
  /** Everything read about one group: invalidating it refreshes its settings, children and positions. */
  scope: (grpId: string) => [...groupKeys.all, 'group', grpId] as const,
  detail: (grpId: string) => [...groupKeys.scope(grpId), 'detail'] as const,
  children: (grpId: string) => [...groupKeys.scope(grpId), 'children'] as const,
  positions: (grpId: string) => [...groupKeys.scope(grpId), 'positions'] as const,
  /** Pending child orders, of one group or (no id) of all. */
  pending: (grpId?: string) => [...groupKeys.all, 'pending', grpId ?? 'all'] as const,
};
