/** Query keys of the dashboard feature. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: () => [...dashboardKeys.all, 'figures'] as const,
};
