import { useState } from 'react';
import { ActivityTable } from '@/entities/activity/activity-table';
import { defaultHistoryRange, type PayloadDateRange } from '@/lib/format/calendar-date';
import { useSubUserActivities } from '../api/use-sub-user-views';
import { DatedList } from './dated-list';

/** The Activity Logs tab: what the sub-user did, over a date range. */
export function ActivityTab({ subUserId }: { subUserId: number }) {
  const [range, setRange] = useState<PayloadDateRange>(() => defaultHistoryRange());
  const activities = useSubUserActivities(subUserId, range);
  return (
    <DatedList label="Activity dates" what="the activity log" range={range} onApply={setRange} query={activities} empty={(period) => `No activity between ${period}.`}>
      {(items) => <ActivityTable activities={items} />}
    </DatedList>
  );
}
