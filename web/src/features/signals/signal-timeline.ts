import type { SignalView } from '@shared/contracts/signals';

type TimelineEvent = SignalView['timeline'][number]['event'];

/** Each timeline event in words. */
export const TIMELINE_EVENT_LABELS: Readonly<Record<TimelineEvent, string>> = {
  received: 'Received',
  queued: 'Queued',
  enqueued: 'Queued for the worker',
  rejected: 'Rejected',
  ignored: 'Ignored',
  picked_up: 'Picked up',
  resolved: 'Resolved',
  order_sent: 'Order sent',
  order_acknowledged: 'Order acknowledged',
  executed: 'Executed',
  partially_executed: 'Partially executed',
  expired: 'Expired',
  failed: 'Failed',
  error: 'Error',
  replayed: 'Replayed',
};

export interface TimelinePoint {
  label: string;
  at: string;
  /** Milliseconds after the first entry (the signal's arrival). */
  offsetMs: number;
  note: string | null;
  event: TimelineEvent;
}

/** The timeline in time order, each entry measured from the first: what the drawer's chart draws. */
export function timelinePoints(timeline: SignalView['timeline']): TimelinePoint[] {
  const sorted = [...timeline].sort((left, right) => Date.parse(left.at) - Date.parse(right.at));
  const start = sorted[0] ? Date.parse(sorted[0].at) : 0;
  return sorted.map((entry) => ({ label: TIMELINE_EVENT_LABELS[entry.event], at: entry.at, offsetMs: Date.parse(entry.at) - start, note: entry.note, event: entry.event }));
}

/** "+0 ms", "+12 ms", "+1,520 ms". */
export function offsetText(offsetMs: number): string {
  return `+${Math.round(offsetMs).toLocaleString('en-IN')} ms`;
}

/** HH:mm:ss.SSS in Asia/Kolkata: the milliseconds matter on a signal's timeline. */
export function timeWithMillis(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(date);
  return `${clock}.${String(date.getUTCMilliseconds()).padStart(3, '0')}`;
}
