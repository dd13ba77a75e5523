/** Query keys of the dashboard's figures (other screens, and alerts, invalidate them when counts or P&L change). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: () => [...dashboardKeys.all, 'figures'] as const,
  /** Today's P&L through the day, of every account (null) or one. */
  pnlSeries: (brokerId: string | null) => [...dashboardKeys.all, 'pnl-series', brokerId ?? 'all'] as const,
};
