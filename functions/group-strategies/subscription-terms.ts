import type { FollowerFields } from '../data/strategies/strategy-subscriptions-repository';

/** The notifications' type for everything about strategy subscriptions. */
export const STRATEGY_NOTIFY_TYPE = 'Strategy';

/** How long before a period ends its subscriber is reminded (auto-renew or not). */
export const RENEWAL_NOTICE_DAYS = 3;
const DAY_MS = 86_400_000;

/** The end of a period of `days` days starting at `fromIso`. */
export function periodEnd(fromIso: string, days: number): string {
  return new Date(Date.parse(fromIso) + days * DAY_MS).toISOString();
}

/**
 * When the schedule must next look at a follower row: a running subscription at its notice (3 days
 * before its end) until the notice is sent, then at its end; an ended one at once while its account is
 * still in the fan-out; otherwise never.
 */
export function renewalDueAt(fields: Pick<FollowerFields, 'state' | 'until' | 'renewal_notice_for' | 'child_removed' | 'ended_at'>): string | null {
  if (fields.state === 'ended') return fields.child_removed ? null : (fields.ended_at ?? fields.until);
  if (fields.renewal_notice_for === fields.until) return fields.until;
  return new Date(Date.parse(fields.until) - RENEWAL_NOTICE_DAYS * DAY_MS).toISOString();
}

/** The follower row with its schedule pointer recomputed. */
export function scheduled(fields: FollowerFields): FollowerFields {
  return { ...fields, renewal_due_at: renewalDueAt(fields) };
}
