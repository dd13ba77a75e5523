/** Query keys of the dashboard's figures (other screens invalidate them when counts change). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: () => [...dashboardKeys.all, 'figures'] as const,
};
