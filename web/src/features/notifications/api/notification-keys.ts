/** Query keys of the notifications feature; every notifications query and invalidation goes through these. */
export const notificationKeys = {
  all: ['notifications'] as const,
  pages: () => [...notificationKeys.all, 'page'] as const,
  page: (offset: number, limit: number) => [...notificationKeys.pages(), { offset, limit }] as const,
};
