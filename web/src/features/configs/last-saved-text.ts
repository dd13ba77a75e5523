import type { ConfigGroupView } from '@shared/contracts/panel-configs';
import { marketClockParts } from '@/lib/format/date-time';

/** dd-MM-yyyy HH:mm in Asia/Kolkata (spec §9). */
function savedAt(instant: string): string {
  const parts = marketClockParts(instant);
  return parts ? `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}` : instant;
}

/** "Last saved by user 2 at 21-11-2026 14:05", or that the group was never saved (and shows its defaults, when it has some). */
export function lastSavedText(view: Pick<ConfigGroupView, 'configured' | 'config' | 'updated_at' | 'updated_by'>): string {
  if (!view.configured || !view.updated_at) return view.config === null ? 'Not saved yet.' : 'Not saved yet — these are the defaults.';
  const who = view.updated_by === null ? '' : ` by user ${view.updated_by}`;
  return `Last saved${who} at ${savedAt(view.updated_at)}`;
}
