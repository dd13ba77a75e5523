/** Query keys of custom bridges; every bridge query and invalidation goes through these. */
export const bridgeKeys = {
  all: ['custombridge'] as const,
  list: () => [...bridgeKeys.all, 'list'] as const,
  /** Everything read about one bridge: its triggers and its positions. */
  scope: (bridgeId: string) => [...bridgeKeys.all, 'bridge', bridgeId] as const,
  triggers: (bridgeId: string) => [...bridgeKeys.scope(bridgeId), 'triggers'] as const,
  positions: (bridgeId: string) => [...bridgeKeys.scope(bridgeId), 'positions'] as const,
};
