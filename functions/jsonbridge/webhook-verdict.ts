import type { JsonBridgeItem } from '../data/jsonbridge-repository';
import type { SignalStatus } from '../data/signals-repository';
import type { ParsedSignal } from '../signals/payloads/incoming-signal';

/** What becomes of a signal that arrived on an authenticated bridge, before anything is stored. */
export interface SignalVerdict {
  readonly status: SignalStatus;
  readonly reason: string | null;
}

export const SIGNAL_REJECTED_REASON = 'The body is not a signal this Json Bridge accepts';

/** Why a readable signal on this bridge places nothing; the first that applies is the reason. */
const IGNORE_RULES: readonly { readonly applies: (bridge: JsonBridgeItem) => boolean; readonly reason: string }[] = [
  { applies: (bridge) => bridge.og_id === null, reason: 'The Json Bridge is not connected to an order group' },
  { applies: (bridge) => !bridge.og_place_order, reason: 'Placing orders is off for this Json Bridge' },
];

export function verdictOf(parsed: ParsedSignal, bridge: JsonBridgeItem): SignalVerdict {
  if (!parsed.ok) return { status: 'rejected', reason: SIGNAL_REJECTED_REASON };
  const ignored = IGNORE_RULES.find((rule) => rule.applies(bridge));
  return ignored ? { status: 'ignored', reason: ignored.reason } : { status: 'queued', reason: null };
}
