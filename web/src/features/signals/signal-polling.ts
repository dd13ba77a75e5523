import type { SignalView } from '@shared/contracts/signals';

/** How often the log is read again while a visible signal waits for the worker. */
export const SIGNAL_POLL_MS = 3_000;

export function signalsRefreshInterval(signals: readonly SignalView[]): number | false {
  return signals.some((signal) => signal.status === 'queued') ? SIGNAL_POLL_MS : false;
}
