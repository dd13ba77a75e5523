import type { BrokerKind } from '../../../shared/domain/brokers';

/**
 * Brokers whose vocabulary tables exist. Adding a broker here makes every table in this folder fail
 * to compile until its row is filled — that is how the next brokers slot in.
 */
export const MAPPED_BROKERS = ['zerodha', 'angelone', 'upstox', 'fyers', 'dhan'] as const satisfies readonly BrokerKind[];
export type MappedBroker = (typeof MAPPED_BROKERS)[number];
