/** Query keys of the watch-list feature; every watch-list query and invalidation goes through these. */
export const watchlistKeys = {
  all: ['watchlist'] as const,
  entries: () => [...watchlistKeys.all, 'entries'] as const,
};
