/** Query keys of the user's profile; every profile query and invalidation goes through these. */
export const profileKeys = {
  all: ['profile'] as const,
  current: () => [...profileKeys.all, 'current'] as const,
};
