import type { BridgeItem } from '../../data/bridges-repository';

/**
 * Why a readable signal on this bridge places nothing; the first rule that applies is the reason. The
 * webhook takes signals only while connected; a signal fired by hand (placebridgeorder) needs only trading on.
 */
interface IgnoreRule {
  readonly applies: (bridge: BridgeItem) => boolean;
  readonly reason: string;
}

export const BRIDGE_DISCONNECTED_REASON = 'The bridge is disconnected';
export const BRIDGE_TRADING_OFF_REASON = 'Placing orders is off for this bridge';

const DISCONNECTED: IgnoreRule = { applies: (bridge) => !bridge.is_connected, reason: BRIDGE_DISCONNECTED_REASON };
const TRADING_OFF: IgnoreRule = { applies: (bridge) => !bridge.trading_enabled, reason: BRIDGE_TRADING_OFF_REASON };

const firstReason = (rules: readonly IgnoreRule[], bridge: BridgeItem) => rules.find((rule) => rule.applies(bridge))?.reason ?? null;

export const webhookIgnoreReason = (bridge: BridgeItem): string | null => firstReason([DISCONNECTED, TRADING_OFF], bridge);
export const manualIgnoreReason = (bridge: BridgeItem): string | null => firstReason([TRADING_OFF], bridge);
