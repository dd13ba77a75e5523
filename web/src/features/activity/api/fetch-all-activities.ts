import type { z } from 'zod';
import { userContracts, type Activity } from '@shared/contracts/user';
import { MAX_PAGE_SIZE } from '@shared/domain/constants';
import { callApi } from '@/lib/api-client';
import type { PayloadDateRange } from '@/lib/format/calendar-date';

type ActivityPage = z.output<typeof userContracts.getUserActivities.response>;

function fetchPage(range: PayloadDateRange, cursor: string | null): Promise<ActivityPage> {
  return callApi(userContracts.getUserActivities, { ...range, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
}

/** Every activity of the range, following the cursor to the end (for the CSV export). */
export async function fetchAllActivities(range: PayloadDateRange): Promise<Activity[]> {
  const activities: Activity[] = [];
  let page = await fetchPage(range, null);
  activities.push(...page.items);
  while (page.next_cursor) {
    page = await fetchPage(range, page.next_cursor);
    activities.push(...page.items);
  }
  return activities;
}
