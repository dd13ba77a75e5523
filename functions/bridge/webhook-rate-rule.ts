import type { RateRule } from '../limits/fixed-window';

/** Signals per custom bridge (issue 6: default 100 a minute); keyed by franchise and bridge id. */
export const CUSTOM_BRIDGE_SIGNALS_PER_MINUTE: RateRule = { scope: 'bridge-signal', limit: 100, windowMinutes: 1 };

export const customBridgeRateKey = (frchId: number, bridgeId: string) => `${frchId}#${bridgeId}`;

export const CUSTOM_BRIDGE_RATE_LIMITED_MESSAGE = 'Too many signals for this bridge. Please try again in a minute.';
