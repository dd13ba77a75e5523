import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadAngelMaster } from '../../functions/market/loaders/angel';
import type { BrokerMaster, LoaderOptions } from '../../functions/market/loaders/broker-master';
import { parseCsv } from '../../functions/market/loaders/csv';
import { loadDhanMaster } from '../../functions/market/loaders/dhan';
import { loadFyersMaster } from '../../functions/market/loaders/fyers';
import { loadKiteMaster } from '../../functions/market/loaders/kite';
import { loadUpstoxMaster } from '../../functions/market/loaders/upstox';
import { DEFAULT_MASTER_RULES, InstrumentMasterError } from '../../functions/market/master-validation';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/market/${name}`, import.meta.url), 'utf8');
const SMALL_MASTER: LoaderOptions = { rules: { ...DEFAULT_MASTER_RULES, minRows: 5 } };

interface LoaderCase {
  readonly broker: string;
  readonly file: string;
  readonly load: (text: string, options?: LoaderOptions) => BrokerMaster;
  /** The token each broker addresses NFO:NIFTY02DEC2526000CE with. */
  readonly niftyWeeklyCallToken: string;
  /** Rows of segments the platform does not trade (index, currency, other equity series). */
  readonly skipped: number;
  /** Turns one NIFTY lot size of 75 into 0 in the broker's own format. */
  readonly zeroLot: (text: string) => string;
  /** Removes a required column (or, for Fyers, columns). */
  readonly dropColumn: (text: string) => string;
}

const CASES: readonly LoaderCase[] = [
  {
    broker: 'kite',
    file: 'kite-instruments.csv',
    load: loadKiteMaster,
    niftyWeeklyCallToken: '10243842',
    skipped: 2,
    zeroLot: (text) => text.replace('26000,0.05,75,CE', '26000,0.05,0,CE'),
    dropColumn: (text) => text.replace('lot_size', 'lots'),
  },
  {
    broker: 'angel',
    file: 'angel-scrip-master.json',
    load: loadAngelMaster,
    niftyWeeklyCallToken: '40015',
    skipped: 3,
    zeroLot: (text) => text.replace('"lotsize":"75","instrumenttype":"OPTIDX"', '"lotsize":"0","instrumenttype":"OPTIDX"'),
    dropColumn: (text) => text.replaceAll('"lotsize"', '"lots"'),
  },
  {
    broker: 'upstox',
    file: 'upstox-complete.json',
    load: loadUpstoxMaster,
    niftyWeeklyCallToken: 'NSE_FO|40015',
    skipped: 3,
    zeroLot: (text) => text.replace('"instrument_key":"NSE_FO|40015","lot_size":75', '"instrument_key":"NSE_FO|40015","lot_size":0'),
    dropColumn: (text) => text.replaceAll('"lot_size"', '"lots"'),
  },
  {
    broker: 'fyers',
    file: 'fyers-sym-details.csv',
    load: loadFyersMaster,
    niftyWeeklyCallToken: 'NSE:NIFTY25D0226000CE',
    skipped: 2,
    zeroLot: (text) => text.replace('26000 CE,14,75,', '26000 CE,14,0,'),
    dropColumn: (text) => text.replace(/,None,None,None$/gm, '').replace(/,[^,]*$/gm, ''),
  },
  {
    broker: 'dhan',
    file: 'dhan-api-scrip-master.csv',
    load: loadDhanMaster,
    niftyWeeklyCallToken: '40015',
    skipped: 3,
    zeroLot: (text) => text.replace('NIFTY-Dec2025-26000-CE,75.0', 'NIFTY-Dec2025-26000-CE,0'),
    dropColumn: (text) => text.replace('SEM_LOT_UNITS', 'SEM_LOTS'),
  },
];

/** Instruments every fixture lists, in the platform's one symbol format. */
const COMMON_SCRIPT_IDS = [
  'NSE:RELIANCE',
  'BSE:RELIANCE',
  'NFO:NIFTY30DEC25FUT',
  'NFO:NIFTY02DEC2526000CE',
  'NFO:NIFTY02DEC2526000PE',
  'NFO:VEDL30DEC25292.5CE',
  'BFO:SENSEX04DEC2585000CE',
  'MCX:CRUDEOIL16DEC25FUT',
];

describe.each(CASES)('$broker master loader', (loader) => {
  const text = fixture(loader.file);

  it('normalises weekly and monthly contracts to the one symbol format and keeps the broker token', () => {
    // Act
    const master = loader.load(text, SMALL_MASTER);
    // Assess
    const byId = new Map(master.instruments.map((instrument) => [instrument.script_id, instrument]));
    expect([...byId.keys()]).toEqual(expect.arrayContaining(COMMON_SCRIPT_IDS));
    expect(byId.get('NFO:NIFTY02DEC2526000CE')).toMatchObject({
      trading_symbol: 'NIFTY02DEC2526000CE',
      name: 'NIFTY',
      instrument_type: 'CE',
      expiry: '2025-12-02',
      strike: 26000,
      lot_size: 75,
      tick_size: 0.05,
      broker_tokens: { [loader.broker]: loader.niftyWeeklyCallToken },
    });
    expect(byId.get('NFO:NIFTY30DEC25FUT')).toMatchObject({ instrument_type: 'FUT', expiry: '2025-12-30', strike: null });
    expect(byId.get('NFO:VEDL30DEC25292.5CE')?.strike).toBe(292.5);
    expect(byId.get('MCX:CRUDEOIL16DEC25FUT')).toMatchObject({ lot_size: 100, tick_size: 1 });
    expect(byId.get('NSE:RELIANCE')).toMatchObject({ instrument_type: 'EQ', expiry: null, strike: null, lot_size: 1 });
  });

  it('skips indices, currency and other series instead of failing on them', () => {
    const master = loader.load(text, SMALL_MASTER);
    expect(master.skipped).toBe(loader.skipped);
    expect(master.rejected).toEqual([]);
    expect(master.instruments.every((instrument) => ['NSE', 'BSE', 'NFO', 'BFO', 'MCX'].includes(instrument.exchange))).toBe(true);
  });

  it('refuses a file with fewer rows than a complete master', () => {
    expect(() => loader.load(text)).toThrow(InstrumentMasterError);
    expect(() => loader.load(text)).toThrow(/only \d+ usable rows; a complete master has at least 1000/);
  });

  it('refuses a file with a nonsensical lot size', () => {
    const broken = loader.zeroLot(text);
    expect(broken).not.toBe(text);
    expect(() => loader.load(broken, SMALL_MASTER)).toThrow(/lot_size/);
  });

  it('refuses a file missing a required column', () => {
    const broken = loader.dropColumn(text);
    expect(broken).not.toBe(text);
    expect(() => loader.load(broken, SMALL_MASTER)).toThrow(InstrumentMasterError);
  });
});

describe('broker masters agree', () => {
  it('give the same script ids for the same contracts', () => {
    const idSets = CASES.map((loader) => new Set(loader.load(fixture(loader.file), SMALL_MASTER).instruments.map((i) => i.script_id)));
    for (const ids of idSets) expect([...ids].filter((id) => COMMON_SCRIPT_IDS.includes(id)).sort()).toEqual([...COMMON_SCRIPT_IDS].sort());
  });

  it('tolerate a tiny share of unreadable rows when asked to, and report them', () => {
    const text = fixture('kite-instruments.csv').replace('2025-12-16,0,1,100,FUT', 'someday,0,1,100,FUT');
    const master = loadKiteMaster(text, { ...SMALL_MASTER, maxRejectedShare: 0.2 });
    expect(master.rejected).toEqual([expect.stringMatching(/CRUDEOIL25DECFUT: unreadable expiry "someday"/)]);
    expect(() => loadKiteMaster(text, SMALL_MASTER)).toThrow(/unreadable expiry/);
  });
});

describe('CSV reading', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a missing final newline', () => {
    expect(parseCsv('a,"b,c","say ""hi""","two\nlines"\r\n\r\nx,y')).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\nlines'],
      ['x', 'y'],
    ]);
  });
});
