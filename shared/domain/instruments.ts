import * as z from 'zod';
import { exchangeSchema, type EXCHANGES } from './ranges';

/** Instrument types of the normalised master (spec §3 script types). */
export const INSTRUMENT_TYPES = ['EQ', 'FUT', 'CE', 'PE'] as const;
export const instrumentTypeSchema = z.enum(INSTRUMENT_TYPES);
export type InstrumentType = z.infer<typeof instrumentTypeSchema>;

/**
 * One tradable contract in the platform's single symbol format (OpenAlgo style, reference/brokers.md §8.1):
 * equity `SBIN`; future `NIFTY25NOV25FUT`; option `NIFTY25NOV2524000CE` (<BASE><DD><MMM><YY><STRIKE><CE|PE>).
 * `script_id` is the platform's stable id (`<exchange>:<trading_symbol>`); `broker_tokens` maps each
 * broker to the token or key it addresses the instrument with.
 */
export const instrumentSchema = z.object({
  script_id: z.string(),
  exchange: exchangeSchema,
  trading_symbol: z.string(),
  /** The underlying or company name, e.g. NIFTY, RELIANCE. */
  name: z.string(),
  instrument_type: instrumentTypeSchema,
  /** yyyy-MM-dd, null for equities. */
  expiry: z.string().nullable(),
  strike: z.number().nullable(),
  lot_size: z.number().int().positive(),
  tick_size: z.number().positive(),
  broker_tokens: z.record(z.string(), z.string()),
});
export type Instrument = z.infer<typeof instrumentSchema>;

export function scriptIdOf(exchange: string, tradingSymbol: string): string {
  return `${exchange}:${tradingSymbol}`;
}

/** Exchanges traded in lots (F&O, commodities): an order's quantity is a whole number of lots, in units. */
export const LOT_EXCHANGES: readonly (typeof EXCHANGES)[number][] = ['NFO', 'BFO', 'MCX'];

/** Units per lot when the instrument trades in lots, null when it trades in single units (equities). */
export function tradedLotSize(instrument: Pick<Instrument, 'exchange' | 'lot_size'>): number | null {
  return LOT_EXCHANGES.includes(instrument.exchange) ? instrument.lot_size : null;
}
