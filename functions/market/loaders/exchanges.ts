import type { EXCHANGES } from '../../../shared/domain/ranges';

/** The platform's exchanges (spec §3): what every loader maps a broker's segment codes onto. */
export type Exchange = (typeof EXCHANGES)[number];
