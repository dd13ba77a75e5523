import type { InstrumentType } from '../../../shared/domain/instruments';
import { assembleBrokerMaster, lookup, numberOf, readStructure, reject, SKIP, type BrokerMaster, type LoaderOptions, type RowOutcome } from './broker-master';
import { fromIsoDate } from './broker-dates';
import { csvRecords, type CsvRecord } from './csv';
import type { Exchange } from './exchanges';

/**
 * Zerodha Kite `GET /instruments` CSV (brokers.md §2.7). Kite spells weekly options `NIFTY25D02…`;
 * the platform symbol is rebuilt from name, expiry, strike and type, and `instrument_token` is kept.
 */
export const KITE_COLUMNS = [
  'instrument_token',
  'exchange_token',
  'tradingsymbol',
  'name',
  'last_price',
  'expiry',
  'strike',
  'tick_size',
  'lot_size',
  'instrument_type',
  'segment',
  'exchange',
] as const;

const TRADED_EXCHANGES: Readonly<Record<string, Exchange>> = { NSE: 'NSE', BSE: 'BSE', NFO: 'NFO', BFO: 'BFO', MCX: 'MCX' };
const KITE_TYPES: Readonly<Record<string, InstrumentType>> = { EQ: 'EQ', FUT: 'FUT', CE: 'CE', PE: 'PE' };

function kiteRow(cell: CsvRecord<(typeof KITE_COLUMNS)[number]>): RowOutcome {
  const exchange = lookup(TRADED_EXCHANGES, cell('exchange'));
  const instrumentType = lookup(KITE_TYPES, cell('instrument_type'));
  if (!exchange || !instrumentType || cell('segment') === 'INDICES') return SKIP;
  const isEquity = instrumentType === 'EQ';
  const expiry = isEquity ? null : fromIsoDate(cell('expiry'));
  if (!isEquity && expiry === null) return reject(`${cell('tradingsymbol')}: unreadable expiry "${cell('expiry')}"`);
  const base = isEquity ? cell('tradingsymbol') : cell('name');
  return {
    kind: 'row',
    fields: {
      exchange,
      base,
      name: isEquity ? cell('name') || base : base,
      instrumentType,
      expiry,
      strike: instrumentType === 'CE' || instrumentType === 'PE' ? numberOf(cell('strike')) : null,
      lotSize: numberOf(cell('lot_size')),
      tickSize: numberOf(cell('tick_size')),
      token: cell('instrument_token'),
      brokerSymbol: cell('tradingsymbol'),
    },
  };
}

export function loadKiteMaster(csvText: string, options: LoaderOptions = {}): BrokerMaster {
  const records = readStructure('kite', () => csvRecords(csvText, KITE_COLUMNS));
  return assembleBrokerMaster('kite', records.map(kiteRow), options);
}
