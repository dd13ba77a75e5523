const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago an instant was, in a trader's words: "just now" (under a minute, or a clock slightly
 * ahead), "2 min ago", "1 h 5 min ago", "3 days ago". `nowMs` is the SPA's clock (Date.now()).
 */
export function ageText(instant: string | number, nowMs: number): string {
  const at = typeof instant === 'number' ? instant : Date.parse(instant);
  if (Number.isNaN(at)) return '';
  const age = nowMs - at;
  if (age < MINUTE_MS) return 'just now';
  if (age < HOUR_MS) return `${Math.floor(age / MINUTE_MS)} min ago`;
  if (age < DAY_MS) {
    const hours = Math.floor(age / HOUR_MS);
    const minutes = Math.floor((age % HOUR_MS) / MINUTE_MS);
    return minutes === 0 ? `${hours} h ago` : `${hours} h ${minutes} min ago`;
  }
  const days = Math.floor(age / DAY_MS);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
