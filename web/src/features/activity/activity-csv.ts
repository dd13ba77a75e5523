import type { Activity } from '@shared/contracts/user';
import { toCsv, type CsvColumn } from '@/lib/csv';
import { formatDateTime, stampedFileName } from '@/lib/format/date-time';
import { deviceLabel } from '@/entities/activity/device-label';

const ACTIVITY_COLUMNS: readonly CsvColumn<Activity>[] = [
  { header: 'Date-time', value: (activity) => formatDateTime(activity.create_time) },
  { header: 'Action', value: (activity) => activity.action },
  { header: 'IP', value: (activity) => activity.ip },
  { header: 'Device', value: (activity) => deviceLabel(activity.user_agent) },
  { header: 'User agent', value: (activity) => activity.user_agent },
];

/** The activity log as CSV, times in Asia/Kolkata. */
export function activityCsv(activities: readonly Activity[]): string {
  return toCsv(ACTIVITY_COLUMNS, activities);
}

/** `activity-logs_2026-11-21_14-05-09.csv`, stamped with the Asia/Kolkata time of the export. */
export function activityCsvFileName(now: Date = new Date()): string {
  return stampedFileName('activity-logs', 'csv', now);
}
