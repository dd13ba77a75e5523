import { paths } from '@/config/paths';

/** Search parameters of the signal log (/bridge/signal) that other screens link with. */
export const SIGNAL_LOG_PARAMS = { bridge: 'bridge_id', signal: 'signal_id' } as const;

/** The signal log filtered to a bridge, with one signal's drawer open. */
export function signalLinkOf(bridgeId: string, signalId?: string): string {
  const search = new URLSearchParams({ [SIGNAL_LOG_PARAMS.bridge]: bridgeId });
  if (signalId) search.set(SIGNAL_LOG_PARAMS.signal, signalId);
  return `${paths.bridgeSignals}?${search.toString()}`;
}
