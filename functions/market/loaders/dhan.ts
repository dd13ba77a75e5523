import { assembleBrokerMaster, lookup, numberOf, readStructure, reject, SKIP, type BrokerMaster, type LoaderOptions, type RowOutcome } from './broker-master';
import { fromIsoDate } from './broker-dates';
import { csvRecords, type CsvRecord } from './csv';
import type { Exchange } from './exchanges';

/**
 * Dhan `api-scrip-master.csv` (brokers.md §6.7): `SEM_*` columns; `SEM_SMST_SECURITY_ID` is the id;
 * derivative symbols look like `NIFTY-Dec2025-24000-CE`; `SEM_TICK_SIZE` is in paise (as OpenAlgo reads it).
 */
export const DHAN_COLUMNS = [
  'SEM_EXM_EXCH_ID',
  'SEM_SMST_SECURITY_ID',
  'SEM_INSTRUMENT_NAME',
  'SEM_TRADING_SYMBOL',
  'SEM_LOT_UNITS',
  'SEM_EXPIRY_DATE',
  'SEM_STRIKE_PRICE',
  'SEM_OPTION_TYPE',
  'SEM_TICK_SIZE',
  'SEM_SERIES',
  'SM_SYMBOL_NAME',
] as const;
type DhanColumn = (typeof DHAN_COLUMNS)[number];

const PAISE_PER_RUPEE = 100;

interface DhanSegment {
  readonly exchange: Exchange;
  readonly kind: 'equity' | 'future' | 'option';
}

/** `<SEM_EXM_EXCH_ID>|<SEM_INSTRUMENT_NAME>` → what the platform trades; indices and currency are skipped. */
const SEGMENTS: Readonly<Record<string, DhanSegment>> = {
  'NSE|EQUITY': { exchange: 'NSE', kind: 'equity' },
  'BSE|EQUITY': { exchange: 'BSE', kind: 'equity' },
  'NSE|FUTIDX': { exchange: 'NFO', kind: 'future' },
  'NSE|FUTSTK': { exchange: 'NFO', kind: 'future' },
  'NSE|OPTIDX': { exchange: 'NFO', kind: 'option' },
  'NSE|OPTSTK': { exchange: 'NFO', kind: 'option' },
  'BSE|FUTIDX': { exchange: 'BFO', kind: 'future' },
  'BSE|FUTSTK': { exchange: 'BFO', kind: 'future' },
  'BSE|OPTIDX': { exchange: 'BFO', kind: 'option' },
  'BSE|OPTSTK': { exchange: 'BFO', kind: 'option' },
  'MCX|FUTCOM': { exchange: 'MCX', kind: 'future' },
  'MCX|FUTIDX': { exchange: 'MCX', kind: 'future' },
  'MCX|OPTFUT': { exchange: 'MCX', kind: 'option' },
};

/** The underlying of `BAJAJ-AUTO-Dec2025-FUT`, `NIFTY-Dec2025-24000-CE` (or with the day, `NIFTY-02Dec2025-…`). */
const DERIVATIVE_SYMBOL = /^(.+?)-(?:\d{1,2})?[A-Z][a-z]{2}\d{4}-/;

function derivativeRow(cell: CsvRecord<DhanColumn>, segment: DhanSegment, common: { lotSize: number; tickSize: number; token: string; brokerSymbol: string }): RowOutcome {
  const symbol = cell('SEM_TRADING_SYMBOL');
  const base = DERIVATIVE_SYMBOL.exec(symbol)?.[1];
  if (!base) return reject(`${symbol}: no underlying in the symbol`);
  const side = cell('SEM_OPTION_TYPE');
  const instrumentType = segment.kind === 'future' ? 'FUT' : side === 'CE' || side === 'PE' ? side : null;
  if (instrumentType === null) return reject(`${symbol}: option type "${side}"`);
  const expiry = fromIsoDate(cell('SEM_EXPIRY_DATE'));
  if (expiry === null) return reject(`${symbol}: unreadable expiry "${cell('SEM_EXPIRY_DATE')}"`);
  const strike = instrumentType === 'FUT' ? null : numberOf(cell('SEM_STRIKE_PRICE'));
  return { kind: 'row', fields: { exchange: segment.exchange, base, name: base, instrumentType, expiry, strike, ...common } };
}

function dhanRow(cell: CsvRecord<DhanColumn>): RowOutcome {
  const segment = lookup(SEGMENTS, `${cell('SEM_EXM_EXCH_ID')}|${cell('SEM_INSTRUMENT_NAME')}`);
  if (!segment) return SKIP;
  const common = {
    lotSize: numberOf(cell('SEM_LOT_UNITS')),
    tickSize: numberOf(cell('SEM_TICK_SIZE')) / PAISE_PER_RUPEE,
    token: cell('SEM_SMST_SECURITY_ID'),
    brokerSymbol: cell('SEM_TRADING_SYMBOL'),
  };
  if (segment.kind !== 'equity') return derivativeRow(cell, segment, common);
  if (segment.exchange === 'NSE' && cell('SEM_SERIES') !== 'EQ') return SKIP;
  const base = cell('SEM_TRADING_SYMBOL');
  return {
    kind: 'row',
    fields: { exchange: segment.exchange, base, name: cell('SM_SYMBOL_NAME') || base, instrumentType: 'EQ', expiry: null, strike: null, ...common },
  };
}

export function loadDhanMaster(csvText: string, options: LoaderOptions = {}): BrokerMaster {
  const records = readStructure('dhan', () => csvRecords(csvText, DHAN_COLUMNS));
  return assembleBrokerMaster('dhan', records.map(dhanRow), options);
}
