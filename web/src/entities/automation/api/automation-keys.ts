/** Query keys of the kill switches; every automation query and invalidation goes through these. */
export const automationKeys = {
  all: ['automation'] as const,
  status: () => [...automationKeys.all, 'status'] as const,
};
