import type { SignalView } from '@shared/contracts/signals';

/**
 * A ULID: how the worker names triggers (plan ids) and accounts (broker ids) in its timeline notes; a
 * trigger set to the alert's symbols plans each symbol as "<trigger id>:<SYMBOL>".
 */
const ID_PATTERN = /\b[0-9A-HJKMNP-TV-Z]{26}(?::[A-Z][A-Z0-9&_.-]*)?(?![0-9A-Z])/g;

/** What a trigger is called in a note: its priority may have changed since the signal ran, so no number is given. */
export const TRIGGER_IN_NOTE = 'Trigger';

/**
 * A timeline note as a trader reads it: the ids the worker writes ("01JF…: BUY 2 × SBIN", "01JF… on
 * 01JG…: BUY 2 SBIN", "01JF…:TCS on 01JG…: entered") become "Trigger" (or "Trigger TCS") and the
 * account's name, for the ids the signal's own results name; any other id stays as written rather than
 * being guessed at.
 */
export function noteReader(results: SignalView['results'], accountName: (brokerId: string) => string): (note: string) => string {
  const names = new Map<string, string>();
  for (const result of results) {
    const [, symbol] = result.plan_id.split(':');
    names.set(result.plan_id, symbol ? `${TRIGGER_IN_NOTE} ${symbol}` : TRIGGER_IN_NOTE);
    if (result.broker_id) names.set(result.broker_id, accountName(result.broker_id));
  }
  return (note) => note.replace(ID_PATTERN, (id) => names.get(id) ?? id);
}
