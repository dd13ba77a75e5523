import type { SignalFilters } from '../signal-filters';

/** Query keys of the signal log. */
export const signalKeys = {
  all: ['signals'] as const,
  list: (filters: SignalFilters) => [...signalKeys.all, 'list', filters.bridgeId, filters.status] as const,
};
