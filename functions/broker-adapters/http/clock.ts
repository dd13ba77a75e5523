import { nowMs } from '../../platform/clock';

/** Milliseconds since the epoch; injected so tests can move time (the default reads the platform clock, functions/platform/clock.ts). */
export type Clock = () => number;

export const systemClock: Clock = nowMs;
