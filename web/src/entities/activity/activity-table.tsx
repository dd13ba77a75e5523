import type { Activity } from '@shared/contracts/user';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { formatDateTime } from '@/lib/format/date-time';
import { deviceLabel } from './device-label';

const COLUMNS: readonly TableColumn<Activity>[] = [
  { header: 'Date-time', key: 'time', card: 'lead', cell: (activity) => formatDateTime(activity.create_time) },
  { header: 'Action', key: 'action', card: 'title', wrap: true, cell: (activity) => activity.action },
  { header: 'IP', key: 'ip', wrap: true, cell: (activity) => activity.ip },
  // The device's short name; the full user agent on hover.
  { header: 'Device', key: 'device', wrap: true, cell: (activity) => <span className="activity-table__device" title={activity.user_agent}>{deviceLabel(activity.user_agent)}</span> },
];

/** The activity log, newest first; times in Asia/Kolkata. */
export function ActivityTable({ activities }: { activities: readonly Activity[] }) {
  return (
    <ColumnTable
      className="activity-table"
      caption="Activity log, times in Asia/Kolkata"
      highlightOnHover
      columns={COLUMNS}
      rows={activities}
      rowKey={(activity) => activity.id}
      rowName={(activity) => `${activity.action} ${formatDateTime(activity.create_time)}`}
    />
  );
}
