/**
 * How often a group's orders are read: every second for a few seconds after a group order is placed,
 * so each account's outcome shows within a second, then at an easy pace (the realtime channel does not
 * carry order updates yet).
 */
export const BURST_POLL_MS = 1_000;
export const BURST_LENGTH_MS = 8_000;
export const CALM_POLL_MS = 10_000;
