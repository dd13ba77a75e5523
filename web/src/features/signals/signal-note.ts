import type { SignalView } from '../../../../shared/contracts/signals';

/** A ULID: how the worker names triggers (plan ids) and accounts (broker ids) in its timeline notes. */
const ID_PATTERN = /\b[0-9A-HJKMNP-TV-Z]{26}\b/g;

/** What a trigger is called in a note: its priority may have changed since the signal ran, so no number is given. */
export const TRIGGER_IN_NOTE = 'Trigger';

/**
 * A timeline note as a trader reads it: the ids the worker writes ("01JF…: BUY 2 × SBIN", "01JF… on
 * 01JG…: BUY 2 SBIN") become "Trigger" and the account's name, for the ids the signal's own results
 * name; any other id stays as written rather than being guessed at.
 */
export function noteReader(results: SignalView['results'], accountName: (brokerId: string) => string): (note: string) => string {
  const names = new Map<string, string>();
  for (const result of results) {
    names.set(result.plan_id, TRIGGER_IN_NOTE);
    if (result.broker_id) names.set(result.broker_id, accountName(result.broker_id));
  }
  return (note) => note.replace(ID_PATTERN, (id) => names.get(id) ?? id);
}
