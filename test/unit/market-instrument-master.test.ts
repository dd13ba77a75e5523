import { afterEach, describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { dayOf } from '../../functions/market/calendar-days';
import { isNominalExpiryDay } from '../../functions/market/expiry-calendar';
import { createMasterHolder, createStoredMasterHolder, parseMaster, sampleMasterSource, type MasterSource } from '../../functions/market/instrument-master';
import { useClock, useWallClock } from '../../functions/platform/clock';
import { serialiseMasterFile, type MasterFile } from '../../functions/market/master-file';
import { DEFAULT_MASTER_RULES, InstrumentMasterError } from '../../functions/market/master-validation';
import { buildSampleMaster } from '../../functions/market/sample/build-sample-master';
import { strikeStep } from '../../functions/market/strike-selection';
import { isTradingDay } from '../../functions/market/trading-calendar';

const SMALL_RULES = { ...DEFAULT_MASTER_RULES, minRows: 3 };

const equity = (symbol: string, changes: Partial<Instrument> = {}): Instrument => ({
  script_id: `NSE:${symbol}`,
  exchange: 'NSE',
  trading_symbol: symbol,
  name: symbol,
  instrument_type: 'EQ',
  expiry: null,
  strike: null,
  lot_size: 1,
  tick_size: 0.05,
  broker_tokens: { paper: `NSE:${symbol}` },
  ...changes,
});

const fileOf = (instruments: readonly Instrument[]): string =>
  serialiseMasterFile({ source: 'test', as_of: '2026-11-21', instruments: [...instruments] });
const GOOD = fileOf([equity('SBIN'), equity('INFY'), equity('TCS')]);

/** A source whose text the test swaps, counting reads. */
function swappableSource(initial: string) {
  const state = { text: initial, reads: 0 };
  const source: MasterSource = {
    name: 'test-master.json',
    read: async () => {
      state.reads += 1;
      return state.text;
    },
  };
  return { source, state };
}

describe('the sample master the runtime serves until a master is stored', () => {
  afterEach(useWallClock);

  it('is built for the trading day of the clock, loads, passes validation and stays under 3 MB', async () => {
    useClock(new Date('2027-03-10T04:00:00Z'));
    expect(sampleMasterSource.edition?.()).toBe('2027-03-10');
    const text = await sampleMasterSource.read();
    const served = parseMaster(sampleMasterSource.name, text);
    expect(served.asOf).toBe('2027-03-10');
    expect(served.instruments.length).toBeGreaterThan(3_000);
    expect(Buffer.byteLength(text)).toBeLessThan(3 * 1024 * 1024);
    expect(served.byScriptId.get('NSE:RELIANCE')?.name).toBe('Reliance Industries');
    expect(served.instruments.every((row) => row.expiry === null || row.expiry >= '2027-03-10')).toBe(true);
  });

  it('is built again by a holder once the clock reaches another day', async () => {
    let at = new Date('2027-03-10T10:00:00Z');
    useClock(() => at);
    const nothingStored = { name: 'empty store', version: async () => null, read: async () => null };
    const holder = createStoredMasterHolder({ stored: nothingStored, fallback: sampleMasterSource });
    expect((await holder.current()).asOf).toBe('2027-03-10');
    at = new Date('2027-03-11T04:00:00Z');
    expect((await holder.current()).asOf).toBe('2027-03-11');
  });

  it('builds the same master twice for the same day', () => {
    expect(buildSampleMaster('2025-10-01')).toEqual(buildSampleMaster('2025-10-01'));
  });
});

describe('sample master contents', () => {
  const sample: MasterFile = buildSampleMaster('2025-11-03');
  const rows = sample.instruments;
  const of = (name: string, type?: Instrument['instrument_type']) => rows.filter((row) => row.name === name && (!type || row.instrument_type === type));
  const expiriesOf = (name: string) => [...new Set(of(name, 'CE').map((row) => row.expiry))].sort();

  it('lists the NIFTY 50 stocks on NSE and BSE', () => {
    expect(rows.filter((row) => row.exchange === 'NSE' && row.instrument_type === 'EQ')).toHaveLength(50);
    expect(rows.filter((row) => row.exchange === 'BSE' && row.instrument_type === 'EQ')).toHaveLength(50);
  });

  it('has 4 weekly and 3 monthly NIFTY expiries, on Tuesdays or the trading day before', () => {
    expect(expiriesOf('NIFTY')).toEqual(['2025-11-04', '2025-11-11', '2025-11-18', '2025-11-25', '2025-12-30', '2026-01-27']);
    expect(expiriesOf('SENSEX')).toEqual(['2025-11-06', '2025-11-13', '2025-11-20', '2025-11-27', '2025-12-24', '2026-01-29']);
    expect(expiriesOf('BANKNIFTY')).toEqual(['2025-11-25', '2025-12-30', '2026-01-27']);
    expect(of('NIFTY', 'FUT').map((row) => row.trading_symbol)).toEqual(['NIFTY25NOV25FUT', 'NIFTY30DEC25FUT', 'NIFTY27JAN26FUT']);
  });

  it('keeps every NFO expiry on a Tuesday and every BFO expiry on a Thursday unless a holiday moved it', () => {
    for (const row of rows.filter((r) => r.exchange === 'NFO' || r.exchange === 'BFO')) {
      const day = dayOf(row.expiry ?? '');
      const venue = row.exchange === 'NFO' ? 'NSE' : 'BSE';
      expect(isTradingDay(venue, day), row.script_id).toBe(true);
      const movedByHoliday = !isNominalExpiryDay(venue, day) && !isTradingDay(venue, day + 1);
      expect(isNominalExpiryDay(venue, day) || movedByHoliday, row.script_id).toBe(true);
    }
  });

  it('uses the current index lot sizes and strike steps, with 41 strikes per expiry', () => {
    const lots = { NIFTY: 65, BANKNIFTY: 30, FINNIFTY: 60, MIDCPNIFTY: 120, SENSEX: 20, BANKEX: 30 };
    const steps = { NIFTY: 50, BANKNIFTY: 100, FINNIFTY: 50, MIDCPNIFTY: 25, SENSEX: 100, BANKEX: 100 };
    for (const [name, lot] of Object.entries(lots)) expect(new Set(of(name).map((row) => row.lot_size)), name).toEqual(new Set([lot]));
    for (const [name, step] of Object.entries(steps)) {
      const firstExpiry = expiriesOf(name)[0];
      const strikes = of(name, 'CE').filter((row) => row.expiry === firstExpiry).map((row) => row.strike ?? 0);
      expect(strikes, name).toHaveLength(41);
      expect(strikeStep(strikes), name).toBe(step);
    }
  });

  it('has stock and MCX futures, fractional stock strikes and the paper token', () => {
    expect(of('RELIANCE', 'FUT')).toHaveLength(3);
    expect(of('CRUDEOIL', 'FUT').map((row) => row.tick_size)).toEqual([1, 1, 1]);
    expect(rows.some((row) => row.trading_symbol === 'TATASTEEL25NOV25172.5CE')).toBe(true);
    expect(rows.every((row) => row.broker_tokens.paper === row.script_id)).toBe(true);
    expect(rows.filter((row) => row.exchange !== 'MCX').every((row) => row.tick_size === 0.05)).toBe(true);
  });
});

describe('master validation', () => {
  it('refuses text that is not JSON or not a master file', () => {
    expect(() => parseMaster('m', '{not json')).toThrow(/Instrument master m rejected.*not JSON/);
    expect(() => parseMaster('m', '{"source":"x"}')).toThrow(/as_of/);
  });

  it('refuses a master with too few rows', () => {
    expect(() => parseMaster('m', GOOD)).toThrow(/only 3 rows; a complete master has at least 1000/);
    expect(parseMaster('m', GOOD, SMALL_RULES).instruments).toHaveLength(3);
  });

  it('refuses insane lot sizes and tick sizes', () => {
    expect(() => parseMaster('m', fileOf([equity('SBIN', { lot_size: 0 }), equity('INFY'), equity('TCS')]), SMALL_RULES)).toThrow(/lot_size/);
    const future = buildSampleMaster('2025-11-03').instruments.find((row) => row.instrument_type === 'FUT');
    if (!future) throw new Error('no future in the sample');
    expect(() => parseMaster('m', fileOf([{ ...future, lot_size: 1_000_000 }, equity('INFY'), equity('TCS')]), SMALL_RULES)).toThrow(/lot_size 1000000 is above 200000/);
    expect(() => parseMaster('m', fileOf([equity('SBIN', { lot_size: 50 }), equity('INFY'), equity('TCS')]), SMALL_RULES)).toThrow(/lots of 1/);
    expect(() => parseMaster('m', fileOf([equity('SBIN', { tick_size: 500 }), equity('INFY'), equity('TCS')]), SMALL_RULES)).toThrow(/tick_size/);
  });

  it('refuses duplicate ids, wrong ids and symbols not in the platform format', () => {
    expect(() => parseMaster('m', fileOf([equity('SBIN'), equity('SBIN'), equity('TCS')]), SMALL_RULES)).toThrow(/duplicate script_id NSE:SBIN/);
    expect(() => parseMaster('m', fileOf([equity('SBIN', { script_id: 'SBIN' }), equity('INFY'), equity('TCS')]), SMALL_RULES)).toThrow(/script_id must be NSE:SBIN/);
    const option = buildSampleMaster('2025-11-03').instruments.find((row) => row.instrument_type === 'CE');
    if (!option) throw new Error('no option in the sample');
    const kiteStyle = { ...option, trading_symbol: 'NIFTY25N0426000CE', script_id: 'NFO:NIFTY25N0426000CE' };
    expect(() => parseMaster('m', fileOf([kiteStyle, equity('INFY'), equity('TCS')]), SMALL_RULES)).toThrow(/is not the canonical NIFTY04NOV25/);
    expect(() => parseMaster('m', fileOf([equity('SBIN', { exchange: 'NFO', script_id: 'NFO:SBIN' }), equity('INFY'), equity('TCS')]), SMALL_RULES)).toThrow(/EQ does not trade on NFO/);
  });

  it('names the source and lists the first problems in its message', () => {
    try {
      parseMaster('broken.json', fileOf([equity('A', { lot_size: 0 }), equity('B', { lot_size: 0 })]), SMALL_RULES);
      throw new Error('expected a failure');
    } catch (error) {
      expect(error).toBeInstanceOf(InstrumentMasterError);
      expect(error instanceof InstrumentMasterError && error.problems).toEqual([
        'instruments.0.lot_size: Too small: expected number to be >0',
        'instruments.1.lot_size: Too small: expected number to be >0',
      ]);
      expect(String(error)).toMatch(/broken\.json rejected, 2 problem\(s\): instruments\.0\.lot_size/);
    }
  });
});

describe('the master in memory', () => {
  it('loads once and serves the same master afterwards', async () => {
    const { source, state } = swappableSource(GOOD);
    const holder = createMasterHolder(source, SMALL_RULES);
    const [first, second] = await Promise.all([holder.current(), holder.current()]);
    expect(first).toBe(second);
    expect(await holder.current()).toBe(first);
    expect(state.reads).toBe(1);
    expect(first.searchIndex.size).toBe(3);
  });

  it('throws a clear error when the first load is bad, and tries again on the next call', async () => {
    const { source, state } = swappableSource(fileOf([equity('SBIN', { lot_size: 0 })]));
    const holder = createMasterHolder(source, SMALL_RULES);
    await expect(holder.current()).rejects.toThrow(/Instrument master test-master.json rejected/);
    state.text = GOOD;
    expect((await holder.current()).instruments).toHaveLength(3);
  });

  it('keeps the previous good master when a reload is bad', async () => {
    const { source, state } = swappableSource(GOOD);
    const holder = createMasterHolder(source, SMALL_RULES);
    const good = await holder.current();
    state.text = fileOf([equity('SBIN')]);
    const outcome = await holder.reload();
    expect(outcome.kind).toBe('kept-previous');
    expect(outcome.kind === 'kept-previous' && outcome.error.message).toMatch(/only 1 rows/);
    expect(await holder.current()).toBe(good);
  });

  it('replaces the master when a reload is good', async () => {
    const { source, state } = swappableSource(GOOD);
    const holder = createMasterHolder(source, SMALL_RULES);
    await holder.current();
    state.text = fileOf([equity('SBIN'), equity('INFY'), equity('TCS'), equity('WIPRO')]);
    const outcome = await holder.reload();
    expect(outcome.kind).toBe('replaced');
    expect((await holder.current()).instruments).toHaveLength(4);
  });

  it('reports an unreadable source as a master error', async () => {
    const holder = createMasterHolder({ name: 'gone.json', read: () => Promise.reject(new Error('ENOENT')) }, SMALL_RULES);
    await expect(holder.current()).rejects.toThrow(/gone\.json rejected, 1 problem\(s\): cannot be read \(ENOENT\)/);
  });
});
