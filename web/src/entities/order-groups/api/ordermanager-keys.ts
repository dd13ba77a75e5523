/** Query keys of the order manager's groups and positions; every order-group query and invalidation goes through these. */
export const orderManagerKeys = {
  all: ['ordermanager'] as const,
  groups: () => [...orderManagerKeys.all, 'groups'] as const,
};
