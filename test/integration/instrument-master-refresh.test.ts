import { readFileSync } from 'node:fs';
import { now } from '../../functions/platform/clock';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { successEnvelope } from '../../shared/contracts/envelope';
import { scriptSchema } from '../../shared/contracts/scripts';
import { tradingDay } from '../../shared/domain/market-clock';
import { listNotifications } from '../../functions/data/notifications-repository';
import { masterFileSchema, type MasterFile } from '../../functions/market/master-file';
import { DEFAULT_MASTER_RULES } from '../../functions/market/master-validation';
import { alertBrokerPanelAdmins, MASTER_ALERT_TYPE } from '../../functions/market/refresh/admin-alert';
import { BROKER_FEED_SPECS } from '../../functions/market/refresh/broker-feeds';
import { runDailyMasterRefresh } from '../../functions/market/refresh/daily-refresh';
import { httpMasterFeed, type HttpFeedSpec } from '../../functions/market/refresh/http-master-feed';
import type { MasterFeed } from '../../functions/market/refresh/master-feed';
import { masterKeys } from '../../functions/market/refresh/master-keys';
import { configuredMasterStore } from '../../functions/market/refresh/master-store';
import type { MasterStore } from '../../functions/market/refresh/master-store-port';
import { sampleMasterFeed } from '../../functions/market/refresh/sample-feed';
import { config } from '../../functions/platform/config';
import { createLogger } from '../../functions/platform/logger';
import { serveFiles } from '../../infra/local/files-server';
import { SCHEDULE_HANDLER_MODULES } from '../../infra/local/schedule-handlers';
import { SCHEDULES } from '../../shared/config/schedules';
import { useGateway } from '../support/gateway';
import { capturedLogs } from '../support/integration-env';
import { createTestUser, type TestUser } from '../support/users';

/**
 * The daily refresh end to end: the brokers' published files served by a local HTTP server (the
 * loaders' fixtures, in each broker's own format and compression), the real loaders, merge and
 * validation, the local master store, DynamoDB Local for the admins' notifications, and the scripts
 * search through the gateway. The sample feed supplies the bulk (a complete master has at least
 * 1,000 rows); the broker files add their tokens and contracts of their own (VEDL).
 */
const api = useGateway();
const fixture = (name: string) => readFileSync(new URL(`../unit/fixtures/market/${name}`, import.meta.url));
const fyersLines = fixture('fyers-sym-details.csv').toString('utf8').trimEnd().split('\n');

type Route = (response: ServerResponse) => void;
const send = (type: string, body: Buffer | string, encoding?: string): Route => (response) => {
  response.writeHead(200, { 'content-type': type, ...(encoding ? { 'content-encoding': encoding } : {}) }).end(body);
};
const status = (code: number): Route => (response) => response.writeHead(code, { 'content-type': 'text/plain' }).end('unavailable');
const hang: Route = () => undefined;

/** Each broker's file as the broker serves it: Kite gzip-encoded in transit, Upstox a .json.gz file, Fyers one CSV per segment. */
const PUBLISHED: Readonly<Record<string, Route>> = {
  '/kite/instruments': send('text/csv', gzipSync(fixture('kite-instruments.csv')), 'gzip'),
  '/angel/OpenAPIScripMaster.json': send('application/json', fixture('angel-scrip-master.json')),
  '/upstox/complete.json.gz': send('application/gzip', gzipSync(fixture('upstox-complete.json'))),
  '/fyers/NSE_CM.csv': send('text/csv', fyersLines.slice(0, 4).join('\n')),
  '/fyers/NSE_FO.csv': send('text/csv', fyersLines.slice(4).join('\n')),
  '/dhan/api-scrip-master.csv': send('text/csv', fixture('dhan-api-scrip-master.csv')),
};
const routes = new Map<string, Route>();
let requests = 0;
let feedServer: Server;
let filesServer: Server;
let base = '';

const FEED_PATHS: readonly (readonly [HttpFeedSpec, readonly string[]])[] = [
  [BROKER_FEED_SPECS.kite, ['/kite/instruments']],
  [BROKER_FEED_SPECS.angel, ['/angel/OpenAPIScripMaster.json']],
  [BROKER_FEED_SPECS.upstox, ['/upstox/complete.json.gz']],
  [BROKER_FEED_SPECS.fyers, ['/fyers/NSE_CM.csv', '/fyers/NSE_FO.csv']],
  [BROKER_FEED_SPECS.dhan, ['/dhan/api-scrip-master.csv']],
];
/** The real feed specs (loader, compression), pointed at the local server. */
const brokerFeeds = (): MasterFeed[] => FEED_PATHS.map(([spec, paths]) => httpMasterFeed({ ...spec, urls: paths.map((path) => `${base}${path}`) }));

function publishAll(changes: Readonly<Record<string, Route>> = {}): void {
  routes.clear();
  for (const [path, route] of Object.entries({ ...PUBLISHED, ...changes })) routes.set(path, route);
}

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

/** A test franchise of its own, so no other test's broker-panel users hear these alerts. */
const FRANCHISE = 4242;
let admins: TestUser[];
let trader: TestUser;
let store: MasterStore;
let searcher: TestUser;
/** Upstox's rows on the first day, which its failure on the next day must keep. */
let upstoxRowsOfFirstDay = 0;

beforeAll(async () => {
  feedServer = createServer((request, response) => {
    requests += 1;
    (routes.get(new URL(request.url ?? '/', base).pathname) ?? status(404))(response);
  });
  base = await listen(feedServer);
  const filesDir = config().filesDir ?? '';
  filesServer = createServer((request, response) => void serveFiles(filesDir, request, response));
  await listen(filesServer);
  const configured = await configuredMasterStore();
  if (!configured) throw new Error('the integration environment sets FILES_DIR');
  store = configured;
  admins = [await createTestUser({ frchId: FRANCHISE, roles: { is_brokerpanel: true } }), await createTestUser({ frchId: FRANCHISE, roles: { is_brokerpanel: true } })];
  trader = await createTestUser({ frchId: FRANCHISE });
  searcher = await createTestUser();
});

afterAll(async () => {
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
  await new Promise((resolve) => filesServer.close(resolve));
});

/** Fixture files are small, so each broker file needs only a few rows; the merged master still meets the 1,000-row rule. */
const SMALL_FILE_RULES = { ...DEFAULT_MASTER_RULES, minRows: 5 };
const log = createLogger({ test: 'instrument-master-refresh' }, 'info');

/** A run at the given IST time of a day (the brokers' files are ready from 08:00). */
function refreshOn(day: string, feeds: MasterFeed[], options: { time?: string; timeoutMs?: number } = {}) {
  return runDailyMasterRefresh({
    feedSet: { feeds, readyFromMinute: 8 * 60 },
    store,
    now: new Date(`${day}T${options.time ?? '10:00'}:00+05:30`),
    log,
    alertAdmins: (line) => alertBrokerPanelAdmins([FRANCHISE], line, log),
    rules: SMALL_FILE_RULES,
    timeoutMs: options.timeoutMs ?? 5_000,
  });
}

async function storedCurrent(): Promise<MasterFile> {
  return masterFileSchema.parse(JSON.parse((await store.read(masterKeys.current))?.text ?? 'null'));
}

async function alertsOf(who: TestUser) {
  const { items } = await listNotifications(who.user.frch_id, who.user.user_id, { offset: 0, limit: 50 });
  return items.filter((item) => item.notify_type === MASTER_ALERT_TYPE).map((item) => item.notified_message);
}

const scriptsEnvelope = successEnvelope(z.array(scriptSchema.passthrough()));
async function searchByType(type: string, symbol: string) {
  const answer = await api.call('POST', '/scripts/searchscriptsbytype', { token: searcher.token, body: { type, symbol } });
  expect(answer.status).toBe(200);
  return scriptsEnvelope.parse(answer.body).data;
}

describe('schedule instrument-master-refresh', () => {
  it('is registered every 30 minutes with a local handler', () => {
    expect(SCHEDULES.find((schedule) => schedule.name === 'instrument-master-refresh')).toMatchObject({ everyMinutes: 30, module: 'workers/instrument-master-refresh.ts' });
    expect(SCHEDULE_HANDLER_MODULES['instrument-master-refresh']).toBeTypeOf('function');
  });
});

describe('the daily instrument-master refresh', () => {
  it('waits until the brokers have published the day’s files', async () => {
    publishAll();
    const before = requests;
    expect(await refreshOn('2025-12-01', [sampleMasterFeed, ...brokerFeeds()], { time: '07:30' })).toEqual({ kind: 'not-ready', asOf: '2025-12-01' });
    expect(requests).toBe(before);
    expect(await store.version(masterKeys.current)).toBeNull();
  });

  it('stores the merged master when every feed is good, and the scripts search serves it', async () => {
    // Prepare
    publishAll();
    // Act
    const result = await refreshOn('2025-12-01', [sampleMasterFeed, ...brokerFeeds()]);
    // Assess
    if (result.kind !== 'refreshed') throw new Error(`expected a refresh, got ${result.kind}`);
    expect(result.report.feeds.map((feed) => [feed.feed, feed.status])).toEqual([
      ['paper', 'ok'],
      ['kite', 'ok'],
      ['angel', 'ok'],
      ['upstox', 'ok'],
      ['fyers', 'ok'],
      ['dhan', 'ok'],
    ]);
    expect(result.report.feeds[1]).toEqual({ feed: 'kite', status: 'ok', rows: 11, skipped: 2, rejected: 0 });
    const upstox = result.report.feeds[3];
    upstoxRowsOfFirstDay = upstox?.status === 'ok' ? upstox.rows : 0;
    expect(upstoxRowsOfFirstDay).toBeGreaterThan(0);
    expect(result.report.outcome).toMatchObject({ kind: 'stored', keys: ['master/current.json', 'master/2025-12-01.json'] });
    expect(result.report.conflicts).toContainEqual({
      script_id: 'NFO:NIFTY30DEC25FUT',
      field: 'lot_size',
      chosen: 75,
      values: { paper: 65, kite: 75, angel: 75, upstox: 75, fyers: 75, dhan: 75 },
    });
    const master = await storedCurrent();
    expect(master.as_of).toBe('2025-12-01');
    const sbin = master.instruments.find((row) => row.script_id === 'NSE:SBIN');
    expect(sbin?.broker_tokens).toEqual({
      paper: 'NSE:SBIN',
      kite: '779521',
      'kite:tradingsymbol': 'SBIN',
      angel: '3045',
      'angel:tradingsymbol': 'SBIN-EQ',
      upstox: 'NSE_EQ|INE062A01020',
      'upstox:tradingsymbol': 'SBIN',
      fyers: 'NSE:SBIN-EQ',
      dhan: '3045',
      'dhan:tradingsymbol': 'SBIN',
    });
    expect(await store.version(masterKeys.day('2025-12-01'))).not.toBeNull();
    const vedl = await searchByType('CE', 'VEDL');
    expect(vedl).toEqual([expect.objectContaining({ script_id: 'NFO:VEDL30DEC25292.5CE', lot_size: 1150, strike: 292.5 })]);
    for (const admin of admins) expect(await alertsOf(admin)).toEqual([]);
  });

  it('keeps the stored master out of the publicly served files', async () => {
    const answer = await fetch(`http://127.0.0.1:${(filesServer.address() as AddressInfo).port}/files/.private/master/current.json`);
    expect(answer.status).toBe(404);
    expect(await store.version(masterKeys.current)).not.toBeNull();
  });

  it('does nothing when the day’s master is already stored', async () => {
    // Prepare
    publishAll();
    const before = { requests, version: await store.version(masterKeys.current) };
    // Act
    const result = await refreshOn('2025-12-01', [sampleMasterFeed, ...brokerFeeds()], { time: '15:00' });
    // Assess
    expect(result).toEqual({ kind: 'up-to-date', asOf: '2025-12-01' });
    expect({ requests, version: await store.version(masterKeys.current) }).toEqual(before);
  });

  it('keeps a failing broker’s previous rows and tells every broker-panel admin', async () => {
    // Prepare
    publishAll({ '/upstox/complete.json.gz': status(500) });
    // Act
    const result = await refreshOn('2025-12-02', [sampleMasterFeed, ...brokerFeeds()]);
    // Assess
    if (result.kind !== 'refreshed') throw new Error(`expected a refresh, got ${result.kind}`);
    expect(result.report.feeds[3]).toEqual({ feed: 'upstox', status: 'failed', reason: `HTTP 500 from ${base}/upstox/complete.json.gz`, keptRows: upstoxRowsOfFirstDay });
    expect(result.report.outcome.kind).toBe('stored');
    const master = await storedCurrent();
    expect(master.as_of).toBe('2025-12-02');
    expect(master.note).toMatch(/Kept from 2025-12-01: upstox\./);
    expect(master.instruments.find((row) => row.script_id === 'NSE:SBIN')?.broker_tokens.upstox).toBe('NSE_EQ|INE062A01020');
    // The weekly contract that expired on 2025-12-02 is still live that day; nothing older was kept.
    expect(master.instruments.find((row) => row.script_id === 'NFO:NIFTY02DEC2526000CE')?.broker_tokens.upstox).toBe('NSE_FO|40015');
    for (const admin of admins) {
      expect(await alertsOf(admin)).toEqual([
        `Instrument master for 2025-12-02 was updated, but some brokers' rows are kept from 2025-12-01. Feeds failed: upstox (HTTP 500 from ${base}/upstox/complete.json.gz).`,
      ]);
    }
    expect(await alertsOf(trader)).toEqual([]);
    expect(capturedLogs.some((line) => line.includes('"level":"warn"') && line.includes('Feeds failed: upstox'))).toBe(true);
  });

  it('keeps the previous master when every feed fails, and tells the admins', async () => {
    // Prepare
    publishAll({
      '/kite/instruments': status(500),
      '/angel/OpenAPIScripMaster.json': send('application/json', '[{"token":'),
      '/upstox/complete.json.gz': status(404),
      '/fyers/NSE_CM.csv': send('text/csv', 'a,b,c\n'),
      '/dhan/api-scrip-master.csv': hang,
    });
    const before = await store.version(masterKeys.current);
    // Act
    const result = await refreshOn('2025-12-03', brokerFeeds(), { timeoutMs: 1_000 });
    // Assess
    if (result.kind !== 'refreshed') throw new Error(`expected a refresh, got ${result.kind}`);
    expect(result.report.feeds).toEqual([
      { feed: 'kite', status: 'failed', reason: `HTTP 500 from ${base}/kite/instruments`, keptRows: expect.any(Number) },
      { feed: 'angel', status: 'failed', reason: expect.stringMatching(/JSON/), keptRows: expect.any(Number) },
      { feed: 'upstox', status: 'failed', reason: `HTTP 404 from ${base}/upstox/complete.json.gz`, keptRows: expect.any(Number) },
      { feed: 'fyers', status: 'failed', reason: expect.stringMatching(/expected 18 columns without a header, found 3/), keptRows: expect.any(Number) },
      { feed: 'dhan', status: 'failed', reason: 'no complete answer within 1 s', keptRows: expect.any(Number) },
    ]);
    expect(result.report.outcome).toEqual({ kind: 'refused', problems: ['no feed gave a fresh master'] });
    expect(await store.version(masterKeys.current)).toBe(before);
    expect(await store.version(masterKeys.day('2025-12-03'))).toBeNull();
    for (const admin of admins) {
      const alerts = await alertsOf(admin);
      expect(alerts).toHaveLength(2);
      expect(alerts[0]).toMatch(/^Instrument master for 2025-12-03 was not updated: no feed gave a fresh master\. Feeds failed: kite \(HTTP 500.*Still serving the master of 2025-12-02\.$/);
    }
  });

  it('runs as the scheduled handler: stores today’s sample master once, and the search serves it', async () => {
    // Prepare
    const { handler } = await SCHEDULE_HANDLER_MODULES['instrument-master-refresh']();
    const event = { source: 'aws.events', 'detail-type': 'Scheduled Event', time: now().toISOString() };
    // Act
    const first = await handler(event);
    const second = await handler(event);
    // Assess
    expect(first).toMatchObject({ kind: 'refreshed', report: { asOf: tradingDay(now()), feeds: [{ feed: 'paper', status: 'ok' }], outcome: { kind: 'stored' } } });
    expect(second).toEqual({ kind: 'up-to-date', asOf: tradingDay(now()) });
    expect((await storedCurrent()).as_of).toBe(tradingDay(now()));
    expect(await searchByType('CE', 'VEDL')).toEqual([]);
    const niftyFutures = (await searchByType('FUT', 'NIFTY')).filter((row) => row.name === 'NIFTY');
    expect(niftyFutures.length).toBeGreaterThan(0);
    expect(niftyFutures.every((row) => row.lot_size === 65 && row.expiry !== null && row.expiry >= tradingDay(now()))).toBe(true);
  });
});
