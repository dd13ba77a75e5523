import type { RateRule } from '../limits/fixed-window';

/** Signals per JSON bridge (issue 6: default 100 a minute); keyed by franchise and bridge id. */
export const JSON_BRIDGE_SIGNALS_PER_MINUTE: RateRule = { scope: 'jsonbridge-signal', limit: 100, windowMinutes: 1 };

export const jsonBridgeRateKey = (frchId: number, jsonBridgeId: string) => `${frchId}#${jsonBridgeId}`;

export const JSON_BRIDGE_RATE_LIMITED_MESSAGE = 'Too many signals for this Json Bridge. Please try again in a minute.';
