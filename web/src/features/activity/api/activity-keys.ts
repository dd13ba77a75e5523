import type { PayloadDateRange } from '@/lib/format/calendar-date';

/** Query keys of the activity feature. */
export const activityKeys = {
  all: ['activity'] as const,
  logs: (range: PayloadDateRange) => [...activityKeys.all, 'logs', range] as const,
};
