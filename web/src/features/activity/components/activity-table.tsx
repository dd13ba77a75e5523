import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { Activity } from '@shared/contracts/user';
import { formatDateTime } from '@/lib/format/date-time';
import { deviceLabel } from '../device-label';

interface ActivityColumn {
  header: string;
  cell: (activity: Activity) => string;
  /** Full text on hover where the cell shortens it. */
  title?: (activity: Activity) => string;
}

const COLUMNS: readonly ActivityColumn[] = [
  { header: 'Date-time', cell: (activity) => formatDateTime(activity.create_time) },
  { header: 'Action', cell: (activity) => activity.action },
  { header: 'IP', cell: (activity) => activity.ip },
  { header: 'Device', cell: (activity) => deviceLabel(activity.user_agent), title: (activity) => activity.user_agent },
];

/** The activity log, newest first; times in Asia/Kolkata. */
export function ActivityTable({ activities }: { activities: readonly Activity[] }) {
  return (
    <div className="activity-table">
      <Table size="small" variation="striped" highlightOnHover caption="Activity log, times in Asia/Kolkata">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell as="th" key={column.header} scope="col">
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {activities.map((activity) => (
            <TableRow key={activity.id}>
              {COLUMNS.map((column) => (
                <TableCell key={column.header} title={column.title?.(activity)}>
                  {column.cell(activity)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
