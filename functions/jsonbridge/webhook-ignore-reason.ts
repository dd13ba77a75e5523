import type { JsonBridgeItem } from '../data/jsonbridge-repository';

/** Why a readable signal on this bridge places nothing; the first that applies is the reason. */
const IGNORE_RULES: readonly { readonly applies: (bridge: JsonBridgeItem) => boolean; readonly reason: string }[] = [
  { applies: (bridge) => bridge.og_id === null, reason: 'The Json Bridge is not connected to an order group' },
  { applies: (bridge) => !bridge.og_place_order, reason: 'Placing orders is off for this Json Bridge' },
];

export function jsonBridgeIgnoreReason(bridge: JsonBridgeItem): string | null {
  return IGNORE_RULES.find((rule) => rule.applies(bridge))?.reason ?? null;
}
