import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { createStoredMasterHolder, type MasterSource, type StoredMasterSource } from '../../functions/market/instrument-master';
import type { BrokerMaster } from '../../functions/market/loaders/broker-master';
import { serialiseMasterFile } from '../../functions/market/master-file';
import { DEFAULT_MASTER_RULES } from '../../functions/market/master-validation';
import { configuredFeedSet } from '../../functions/market/refresh/feed-sets';
import { localMasterStore } from '../../functions/market/refresh/local-master-store';
import { masterKeys } from '../../functions/market/refresh/master-keys';
import { mergeBrokerMasters } from '../../functions/market/refresh/merge-broker-masters';
import { mergedMasterProblems } from '../../functions/market/refresh/merged-master-validation';
import { previousFeedRows } from '../../functions/market/refresh/previous-feed-rows';
import { refreshInstrumentMaster } from '../../functions/market/refresh/refresh-instrument-master';
import { attentionLine, type RefreshReport } from '../../functions/market/refresh/refresh-report';
import { s3MasterStore, type MasterObjectClient } from '../../functions/market/refresh/s3-master-store';
import { sampleMasterFeed } from '../../functions/market/refresh/sample-feed';
import { buildSampleMaster } from '../../functions/market/sample/build-sample-master';
import { ConfigError } from '../../functions/platform/config';

const SMALL_RULES = { ...DEFAULT_MASTER_RULES, minRows: 3 };
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function freshFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'tb-master-refresh-'));
  folders.push(folder);
  return folder;
}

const equity = (symbol: string, broker: string, token: string): Instrument => ({
  script_id: `NSE:${symbol}`,
  exchange: 'NSE',
  trading_symbol: symbol,
  name: symbol,
  instrument_type: 'EQ',
  expiry: null,
  strike: null,
  lot_size: 1,
  tick_size: 0.05,
  broker_tokens: { [broker]: token },
});

const niftyFuture = (broker: string, token: string, lotSize: number, expiry = '2025-12-30'): Instrument => ({
  script_id: `NFO:NIFTY${expiry.slice(8, 10)}DEC25FUT`,
  exchange: 'NFO',
  trading_symbol: `NIFTY${expiry.slice(8, 10)}DEC25FUT`,
  name: 'NIFTY',
  instrument_type: 'FUT',
  expiry,
  strike: null,
  lot_size: lotSize,
  tick_size: 0.1,
  broker_tokens: { [broker]: token },
});

const brokerMaster = (broker: string, instruments: Instrument[]): BrokerMaster => ({ broker, instruments, skipped: 0, rejected: [] });

describe('merging the brokers’ masters', () => {
  it('gives one instrument per script id carrying every broker’s token, in order of first appearance', () => {
    // Prepare
    const kite = brokerMaster('kite', [equity('SBIN', 'kite', '779521'), equity('TCS', 'kite', '2953217')]);
    const angel = brokerMaster('angel', [{ ...equity('SBIN', 'angel', '3045'), broker_tokens: { angel: '3045', 'angel:tradingsymbol': 'SBIN-EQ' } }]);
    const dhan = brokerMaster('dhan', [equity('INFY', 'dhan', '1594'), equity('SBIN', 'dhan', '3045')]);
    // Act
    const merged = mergeBrokerMasters([kite, angel, dhan]);
    // Assess
    expect(merged.instruments.map((row) => row.script_id)).toEqual(['NSE:SBIN', 'NSE:TCS', 'NSE:INFY']);
    expect(merged.instruments[0]?.broker_tokens).toEqual({ kite: '779521', angel: '3045', 'angel:tradingsymbol': 'SBIN-EQ', dhan: '3045' });
    expect(merged.instruments[2]?.broker_tokens).toEqual({ dhan: '1594' });
    expect(merged.conflicts).toEqual([]);
  });

  it('keeps the lot size most brokers give and reports the disagreement', () => {
    const merged = mergeBrokerMasters([
      brokerMaster('paper', [niftyFuture('paper', 'NFO:NIFTY30DEC25FUT', 65)]),
      brokerMaster('kite', [niftyFuture('kite', '13238786', 75)]),
      brokerMaster('angel', [niftyFuture('angel', '51714', 75)]),
    ]);
    expect(merged.instruments[0]?.lot_size).toBe(75);
    expect(merged.conflicts).toEqual([{ script_id: 'NFO:NIFTY30DEC25FUT', field: 'lot_size', chosen: 75, values: { paper: 65, kite: 75, angel: 75 } }]);
  });

  it('keeps the first feed’s lot size when the brokers split evenly', () => {
    const merged = mergeBrokerMasters([brokerMaster('kite', [niftyFuture('kite', '1', 75)]), brokerMaster('angel', [niftyFuture('angel', '2', 65)])]);
    expect(merged.instruments[0]?.lot_size).toBe(75);
    expect(merged.conflicts).toHaveLength(1);
  });
});

describe('a failed feed’s previous rows', () => {
  it('are the rows that carried its token, still live on the day, with only its own keys', () => {
    // Prepare
    const previous: Instrument[] = [
      { ...equity('SBIN', 'kite', '779521'), broker_tokens: { kite: '779521', upstox: 'NSE_EQ|INE062A01020', 'upstox:tradingsymbol': 'SBIN' } },
      equity('TCS', 'kite', '2953217'),
      { ...niftyFuture('upstox', 'NSE_FO|1', 75, '2025-12-02'), broker_tokens: { upstox: 'NSE_FO|1' } },
      { ...niftyFuture('upstox', 'NSE_FO|2', 75, '2025-12-30'), broker_tokens: { upstox: 'NSE_FO|2' } },
    ];
    // Act
    const kept = previousFeedRows('upstox', previous, '2025-12-03');
    // Assess
    expect(kept.instruments.map((row) => [row.script_id, row.broker_tokens])).toEqual([
      ['NSE:SBIN', { upstox: 'NSE_EQ|INE062A01020', 'upstox:tradingsymbol': 'SBIN' }],
      ['NFO:NIFTY30DEC25FUT', { upstox: 'NSE_FO|2' }],
    ]);
  });
});

describe('validating the merged master', () => {
  const rows = [equity('SBIN', 'kite', '1'), equity('TCS', 'kite', '2'), equity('INFY', 'kite', '3'), niftyFuture('kite', '4', 75)];

  it('accepts a master that passes the rules and keeps at least half of each exchange', () => {
    expect(mergedMasterProblems(rows, [...rows, equity('WIPRO', 'kite', '5')], SMALL_RULES)).toEqual([]);
    expect(mergedMasterProblems(rows, null, SMALL_RULES)).toEqual([]);
  });

  it('refuses too few rows', () => {
    expect(mergedMasterProblems(rows.slice(0, 2), null, SMALL_RULES)).toEqual(['only 2 rows; a complete master has at least 3']);
  });

  it('refuses an exchange with fewer than half of the previous day’s rows', () => {
    const previous = [...rows, ...['A', 'B', 'C', 'D', 'E'].map((symbol, i) => equity(symbol, 'kite', String(10 + i)))];
    expect(mergedMasterProblems(rows, previous, SMALL_RULES)).toEqual(["NSE has 3 rows, fewer than half of the previous day's 8"]);
  });
});

describe('refreshing the master', () => {
  const now = new Date('2025-12-01T04:30:00Z');

  it('stores nothing when the merged master is refused for too few rows', async () => {
    // Prepare
    const store = localMasterStore(freshFolder());
    // Act
    const report = await refreshInstrumentMaster({ feeds: [sampleMasterFeed], store, now, previous: null, rules: { ...DEFAULT_MASTER_RULES, minRows: 100_000 } });
    // Assess
    expect(report.feeds).toEqual([{ feed: 'paper', status: 'ok', rows: expect.any(Number), skipped: 0, rejected: 0 }]);
    expect(report.outcome).toEqual({ kind: 'refused', problems: [expect.stringMatching(/^only \d+ rows; a complete master has at least 100000$/)] });
    expect(await store.version(masterKeys.current)).toBeNull();
    expect(await store.version(masterKeys.day('2025-12-01'))).toBeNull();
  });

  it('stores the day’s master as the current one and as the day’s copy', async () => {
    const store = localMasterStore(freshFolder());
    const report = await refreshInstrumentMaster({ feeds: [sampleMasterFeed], store, now, previous: null });
    expect(report.outcome).toEqual({ kind: 'stored', rows: buildSampleMaster('2025-12-01').instruments.length, keys: ['master/current.json', 'master/2025-12-01.json'] });
    const stored = JSON.parse((await store.read(masterKeys.current))?.text ?? '{}') as { as_of: string; source: string };
    expect(stored).toMatchObject({ as_of: '2025-12-01', source: 'paper' });
    expect((await store.read(masterKeys.day('2025-12-01')))?.text).toBe((await store.read(masterKeys.current))?.text);
  });
});

describe('the admins’ line', () => {
  const base: Omit<RefreshReport, 'outcome'> = {
    asOf: '2025-12-02',
    previousAsOf: '2025-12-01',
    feeds: [
      { feed: 'kite', status: 'ok', rows: 90_000, skipped: 10, rejected: 0 },
      { feed: 'upstox', status: 'failed', reason: 'HTTP 500 from https://assets.upstox.com/x', keptRows: 80_000 },
    ],
    conflicts: [],
  };

  it('names the failed feeds and where their rows come from', () => {
    expect(attentionLine({ ...base, outcome: { kind: 'stored', rows: 1, keys: [] } })).toBe(
      "Instrument master for 2025-12-02 was updated, but some brokers' rows are kept from 2025-12-01. Feeds failed: upstox (HTTP 500 from https://assets.upstox.com/x).",
    );
  });

  it('says a refused master leaves the previous day’s in service', () => {
    expect(attentionLine({ ...base, outcome: { kind: 'refused', problems: ['NFO has 3 rows, fewer than half of the previous day\'s 8'] } })).toMatch(
      /^Instrument master for 2025-12-02 was not updated: NFO has 3 rows.*Feeds failed: upstox .* Still serving the master of 2025-12-01\.$/,
    );
  });
});

describe('feed sets', () => {
  it('reads INSTRUMENT_FEEDS: the brokers’ five files, or the sample', () => {
    expect(configuredFeedSet({ INSTRUMENT_FEEDS: 'brokers' }).feeds.map((feed) => feed.name)).toEqual(['kite', 'angel', 'upstox', 'fyers', 'dhan']);
    expect(configuredFeedSet({ INSTRUMENT_FEEDS: 'sample' }).feeds.map((feed) => feed.name)).toEqual(['paper']);
    expect(() => configuredFeedSet({ INSTRUMENT_FEEDS: 'kite' })).toThrow(ConfigError);
  });
});

describe('the S3 master store', () => {
  it('keeps the master at the bucket root, outside the publicly served files/ prefix', async () => {
    // Prepare
    const puts: { Bucket: string; Key: string }[] = [];
    const client: MasterObjectClient = {
      headObject: async () => null,
      getObject: async () => null,
      putObject: async (input) => puts.push({ Bucket: input.Bucket, Key: input.Key }),
    };
    // Act
    await s3MasterStore(client, 'bucket').write(masterKeys.current, '{}');
    // Assess
    expect(puts).toEqual([{ Bucket: 'bucket', Key: 'master/current.json' }]);
  });
});

describe('the stored master in memory', () => {
  const fallbackFile = serialiseMasterFile({ source: 'sample', as_of: '2025-11-30', instruments: [equity('SBIN', 'paper', 'p1'), equity('TCS', 'paper', 'p2'), equity('INFY', 'paper', 'p3')] });
  const storedFile = (asOf: string, symbols: readonly string[]) =>
    serialiseMasterFile({ source: 'kite', as_of: asOf, instruments: symbols.map((symbol, i) => equity(symbol, 'kite', String(i))) });

  /** A real local store behind the holder, with a clock the test moves and a count of full reads. */
  function setUp() {
    const store = localMasterStore(freshFolder());
    const state = { now: 0, reads: 0, problems: [] as string[] };
    const stored: StoredMasterSource = {
      name: masterKeys.current,
      version: () => store.version(masterKeys.current),
      read: () => {
        state.reads += 1;
        return store.read(masterKeys.current);
      },
    };
    const fallback: MasterSource = { name: 'sample-master.json', read: async () => fallbackFile };
    const holder = createStoredMasterHolder({
      stored,
      fallback,
      rules: SMALL_RULES,
      recheckMs: 1_000,
      clock: () => state.now,
      onProblem: (error) => state.problems.push(error.message),
    });
    return { store, state, holder };
  }

  it('serves the bundled master until one is stored, then the stored one', async () => {
    const { store, state, holder } = setUp();
    expect((await holder.current()).source).toBe('sample-master.json');
    await store.write(masterKeys.current, storedFile('2025-12-01', ['SBIN', 'TCS', 'INFY', 'WIPRO']));
    state.now = 1_000;
    const swapped = await holder.current();
    expect(swapped).toMatchObject({ source: 'master/current.json', asOf: '2025-12-01' });
    expect(swapped.instruments).toHaveLength(4);
  });

  it('looks at the store only after the recheck interval, and reads it only when its version changed', async () => {
    // Prepare
    const { store, state, holder } = setUp();
    await store.write(masterKeys.current, storedFile('2025-12-01', ['SBIN', 'TCS', 'INFY']));
    const first = await holder.current();
    await store.write(masterKeys.current, storedFile('2025-12-02', ['SBIN', 'TCS', 'INFY', 'WIPRO']));
    // Act
    state.now = 999;
    const beforeInterval = await holder.current();
    state.now = 1_000;
    const afterInterval = await holder.current();
    state.now = 2_000;
    const unchanged = await holder.current();
    // Assess
    expect(first.asOf).toBe('2025-12-01');
    expect(beforeInterval).toBe(first);
    expect(afterInterval.asOf).toBe('2025-12-02');
    expect(unchanged).toBe(afterInterval);
    expect(state.reads).toBe(2);
  });

  it('keeps the previous good master when the stored one fails validation, reporting it once', async () => {
    // Prepare
    const { store, state, holder } = setUp();
    await store.write(masterKeys.current, storedFile('2025-12-01', ['SBIN', 'TCS', 'INFY']));
    const good = await holder.current();
    await store.write(masterKeys.current, storedFile('2025-12-02', ['SBIN']));
    // Act
    state.now = 1_000;
    const outcome = await holder.reload();
    state.now = 2_000;
    const later = await holder.current();
    // Assess
    expect(outcome).toMatchObject({ kind: 'kept-previous', master: good });
    expect(later).toBe(good);
    expect(state.problems).toEqual([expect.stringMatching(/master\/current\.json rejected, 1 problem\(s\): only 1 rows/)]);
    expect(state.reads).toBe(2);
  });

  it('falls back to the bundled master when the stored one is bad from the start', async () => {
    const { store, state, holder } = setUp();
    await store.write(masterKeys.current, '{"source":"kite"');
    expect((await holder.current()).source).toBe('sample-master.json');
    expect(state.problems).toEqual([expect.stringMatching(/not JSON/)]);
  });
});
