import * as z from 'zod';
import type { InstrumentType } from '../../../shared/domain/instruments';
import { assembleBrokerMaster, lookup, readStructure, reject, SKIP, type BrokerMaster, type LoaderOptions, type RowOutcome } from './broker-master';
import { fromEpochMs } from './broker-dates';
import type { Exchange } from './exchanges';

/**
 * Upstox `complete.json` (brokers.md §4.7): `instrument_key` is the id, expiry is epoch milliseconds,
 * `tick_size` is in paise, and derivative symbols are spaced (`NIFTY 24000 CE 30 DEC 25`).
 */
const upstoxRowSchema = z.object({
  segment: z.string(),
  name: z.string().default(''),
  instrument_key: z.string(),
  trading_symbol: z.string(),
  instrument_type: z.string(),
  lot_size: z.number(),
  tick_size: z.number(),
  expiry: z.number().optional(),
  strike_price: z.number().optional(),
  underlying_symbol: z.string().optional(),
  asset_symbol: z.string().optional(),
});
type UpstoxRow = z.infer<typeof upstoxRowSchema>;

const PAISE_PER_RUPEE = 100;
const CASH_SEGMENTS: Readonly<Record<string, Exchange>> = { NSE_EQ: 'NSE', BSE_EQ: 'BSE' };
const DERIVATIVE_SEGMENTS: Readonly<Record<string, Exchange>> = { NSE_FO: 'NFO', BSE_FO: 'BFO', MCX_FO: 'MCX' };
const DERIVATIVE_TYPES: Readonly<Record<string, InstrumentType>> = { FUT: 'FUT', CE: 'CE', PE: 'PE' };

function equityRow(row: UpstoxRow, exchange: Exchange): RowOutcome {
  // BSE equities carry their group (A, B, T…) as the type; NSE lists other series (BE, SM…) beside EQ.
  if (exchange === 'NSE' && row.instrument_type !== 'EQ') return SKIP;
  return {
    kind: 'row',
    fields: {
      exchange,
      base: row.trading_symbol,
      name: row.name || row.trading_symbol,
      instrumentType: 'EQ',
      expiry: null,
      strike: null,
      lotSize: row.lot_size,
      tickSize: row.tick_size / PAISE_PER_RUPEE,
      token: row.instrument_key,
      brokerSymbol: row.trading_symbol,
    },
  };
}

function derivativeRow(row: UpstoxRow, exchange: Exchange): RowOutcome {
  const instrumentType = lookup(DERIVATIVE_TYPES, row.instrument_type);
  if (!instrumentType) return SKIP;
  const expiry = fromEpochMs(row.expiry ?? Number.NaN);
  if (expiry === null) return reject(`${row.trading_symbol}: unreadable expiry ${row.expiry}`);
  const base = row.underlying_symbol ?? row.asset_symbol ?? row.name;
  return {
    kind: 'row',
    fields: {
      exchange,
      base,
      name: base,
      instrumentType,
      expiry,
      strike: instrumentType === 'FUT' ? null : (row.strike_price ?? Number.NaN),
      lotSize: row.lot_size,
      tickSize: row.tick_size / PAISE_PER_RUPEE,
      token: row.instrument_key,
      brokerSymbol: row.trading_symbol,
    },
  };
}

function upstoxRow(raw: unknown): RowOutcome {
  const parsed = upstoxRowSchema.safeParse(raw);
  if (!parsed.success) return reject(`not an Upstox instrument (${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')})`);
  const row = parsed.data;
  const cash = lookup(CASH_SEGMENTS, row.segment);
  if (cash) return equityRow(row, cash);
  const derivatives = lookup(DERIVATIVE_SEGMENTS, row.segment);
  return derivatives ? derivativeRow(row, derivatives) : SKIP;
}

export function loadUpstoxMaster(jsonText: string, options: LoaderOptions = {}): BrokerMaster {
  const rows = readStructure('upstox', () => z.array(z.unknown()).parse(JSON.parse(jsonText)));
  return assembleBrokerMaster('upstox', rows.map(upstoxRow), options);
}
