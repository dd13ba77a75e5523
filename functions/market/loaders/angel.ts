import * as z from 'zod';
import type { InstrumentType } from '../../../shared/domain/instruments';
import { assembleBrokerMaster, lookup, numberOf, readStructure, reject, SKIP, type BrokerMaster, type LoaderOptions, type RowOutcome } from './broker-master';
import { fromDayMonthYear } from './broker-dates';
import type { Exchange } from './exchanges';

/**
 * Angel One `OpenAPIScripMaster.json` (brokers.md §3.7): strings throughout, `strike` and `tick_size`
 * in paise (×100), expiry `30DEC2025`, NSE equities with a series suffix (`SBIN-EQ`).
 */
const angelRowSchema = z.object({
  token: z.string(),
  symbol: z.string(),
  name: z.string(),
  expiry: z.string(),
  strike: z.string(),
  lotsize: z.string(),
  instrumenttype: z.string(),
  exch_seg: z.string(),
  tick_size: z.string(),
});
type AngelRow = z.infer<typeof angelRowSchema>;

const PAISE_PER_RUPEE = 100;
const NSE_EQUITY_SUFFIX = '-EQ';
const CASH_SEGMENTS: Readonly<Record<string, Exchange>> = { NSE: 'NSE', BSE: 'BSE' };
const DERIVATIVE_SEGMENTS: Readonly<Record<string, Exchange>> = { NFO: 'NFO', BFO: 'BFO', MCX: 'MCX' };
/** Angel instrument types the platform trades: futures, and options whose side is the symbol's suffix. */
const DERIVATIVE_KINDS: Readonly<Record<string, 'future' | 'option'>> = {
  FUTIDX: 'future',
  FUTSTK: 'future',
  FUTCOM: 'future',
  OPTIDX: 'option',
  OPTSTK: 'option',
  OPTFUT: 'option',
};

function equityRow(row: AngelRow, exchange: Exchange): RowOutcome {
  if (row.instrumenttype !== '') return SKIP;
  const isNseEquity = exchange === 'NSE' && row.symbol.endsWith(NSE_EQUITY_SUFFIX);
  if (exchange === 'NSE' && !isNseEquity) return SKIP;
  const base = isNseEquity ? row.symbol.slice(0, -NSE_EQUITY_SUFFIX.length) : row.symbol;
  return {
    kind: 'row',
    fields: { exchange, base, name: row.name || base, instrumentType: 'EQ', expiry: null, strike: null, lotSize: numberOf(row.lotsize), tickSize: numberOf(row.tick_size) / PAISE_PER_RUPEE, token: row.token, brokerSymbol: row.symbol },
  };
}

function derivativeRow(row: AngelRow, exchange: Exchange): RowOutcome {
  const kind = lookup(DERIVATIVE_KINDS, row.instrumenttype);
  if (!kind) return SKIP;
  const side = row.symbol.slice(-2);
  const instrumentType: InstrumentType | null = kind === 'future' ? 'FUT' : side === 'CE' || side === 'PE' ? side : null;
  if (instrumentType === null) return reject(`${row.symbol}: no CE/PE suffix on an option`);
  const expiry = fromDayMonthYear(row.expiry);
  if (expiry === null) return reject(`${row.symbol}: unreadable expiry "${row.expiry}"`);
  return {
    kind: 'row',
    fields: {
      exchange,
      base: row.name,
      name: row.name,
      instrumentType,
      expiry,
      strike: kind === 'option' ? numberOf(row.strike) / PAISE_PER_RUPEE : null,
      lotSize: numberOf(row.lotsize),
      tickSize: numberOf(row.tick_size) / PAISE_PER_RUPEE,
      token: row.token,
      brokerSymbol: row.symbol,
    },
  };
}

function angelRow(raw: unknown): RowOutcome {
  const parsed = angelRowSchema.safeParse(raw);
  if (!parsed.success) return reject(`not an Angel scrip row (${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')})`);
  const row = parsed.data;
  const cash = lookup(CASH_SEGMENTS, row.exch_seg);
  if (cash) return equityRow(row, cash);
  const derivatives = lookup(DERIVATIVE_SEGMENTS, row.exch_seg);
  return derivatives ? derivativeRow(row, derivatives) : SKIP;
}

export function loadAngelMaster(jsonText: string, options: LoaderOptions = {}): BrokerMaster {
  const rows = readStructure('angel', () => z.array(z.unknown()).parse(JSON.parse(jsonText)));
  return assembleBrokerMaster('angel', rows.map(angelRow), options);
}
