import type { InstrumentType } from '../../../shared/domain/instruments';
import { assembleBrokerMaster, lookup, numberOf, readStructure, reject, SKIP, type BrokerMaster, type LoaderOptions, type RowOutcome } from './broker-master';
import { fromEpochSeconds } from './broker-dates';
import { MissingColumnsError, parseCsv } from './csv';
import type { Exchange } from './exchanges';

/**
 * Fyers `sym_details/*.csv` (brokers.md §5.7): no header row; columns by position. Exchange and segment
 * are numeric codes (exchange 10 NSE, 11 MCX, 12 BSE; segment 10 cash, 11 equity F&O, 20 commodity);
 * expiry is epoch seconds. Orders address the instrument by its symbol ticker (`NSE:SBIN-EQ`).
 */
export const FYERS_COLUMNS = [
  'fytoken',
  'symbolDetails',
  'exchangeInstrumentType',
  'minimumLotSize',
  'tickSize',
  'isin',
  'tradingSession',
  'lastUpdateDate',
  'expiryDate',
  'symbolTicker',
  'exchange',
  'segment',
  'scripCode',
  'underlyingSymbol',
  'underlyingScripCode',
  'strikePrice',
  'optionType',
  'underlyingFyToken',
] as const;
type FyersColumn = (typeof FYERS_COLUMNS)[number];

/** `<exchange code>|<segment code>` → platform exchange. */
const SEGMENTS: Readonly<Record<string, Exchange>> = { '10|10': 'NSE', '12|10': 'BSE', '10|11': 'NFO', '12|11': 'BFO', '11|20': 'MCX' };
/** Cash-segment instrument types that are equities (10 is an index). */
const EQUITY_INSTRUMENT_TYPES: Readonly<Record<string, readonly string[]>> = { NSE: ['0', '9'], BSE: ['0', '4', '50'] };
const DERIVATIVE_TYPES: Readonly<Record<string, InstrumentType>> = { XX: 'FUT', CE: 'CE', PE: 'PE' };

function fyersRow(cells: readonly string[]): RowOutcome {
  const cell = (column: FyersColumn) => (cells[FYERS_COLUMNS.indexOf(column)] ?? '').trim();
  if (cells.length < FYERS_COLUMNS.length) return reject(`${cells.length} columns, expected at least ${FYERS_COLUMNS.length}`);
  const exchange = lookup(SEGMENTS, `${cell('exchange')}|${cell('segment')}`);
  if (!exchange) return SKIP;
  const equityTypes = lookup(EQUITY_INSTRUMENT_TYPES, exchange);
  const common = { exchange, base: cell('underlyingSymbol'), lotSize: numberOf(cell('minimumLotSize')), tickSize: numberOf(cell('tickSize')), token: cell('symbolTicker') };
  if (equityTypes) {
    if (!equityTypes.includes(cell('exchangeInstrumentType'))) return SKIP;
    return { kind: 'row', fields: { ...common, name: cell('symbolDetails') || common.base, instrumentType: 'EQ', expiry: null, strike: null } };
  }
  const instrumentType = lookup(DERIVATIVE_TYPES, cell('optionType'));
  if (!instrumentType) return SKIP;
  const expiry = fromEpochSeconds(numberOf(cell('expiryDate')));
  if (expiry === null) return reject(`${cell('symbolTicker')}: unreadable expiry "${cell('expiryDate')}"`);
  const strike = instrumentType === 'FUT' ? null : numberOf(cell('strikePrice'));
  return { kind: 'row', fields: { ...common, name: common.base, instrumentType, expiry, strike } };
}

export function loadFyersMaster(csvText: string, options: LoaderOptions = {}): BrokerMaster {
  const rows = readStructure('fyers', () => {
    const parsed = parseCsv(csvText);
    if ((parsed[0]?.length ?? 0) < FYERS_COLUMNS.length) {
      throw new MissingColumnsError(`expected ${FYERS_COLUMNS.length} columns without a header, found ${parsed[0]?.length ?? 0}`);
    }
    return parsed;
  });
  return assembleBrokerMaster('fyers', rows.map(fyersRow), options);
}
