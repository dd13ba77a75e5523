import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '../../shared/contracts/config-groups/config-group';
import { FTP_INSECURE_MESSAGE } from '../../shared/contracts/config-groups/ftp-config';
import { ftpContracts, type FtpExportRun } from '../../shared/contracts/ftp';
import { paymentContracts } from '../../shared/contracts/payments';
import { formatDay, marketDayOf, startOfMarketDay } from '../../shared/domain/market-clock';
import { listNotifications } from '../../functions/data/notifications-repository';
import { writeOrderIntent } from '../../functions/data/orders/order-placement';
import { FILE_EXPORT_NOTIFICATION_TYPE } from '../../functions/file-exports/export-alerts';
import { openRemoteFolder } from '../../functions/file-exports/remote-server';
import { runScheduledExports } from '../../functions/file-exports/scheduled-exports';
import { findScript } from '../../functions/market/ltp';
import { now } from '../../functions/platform/clock';
import { createLogger } from '../../functions/platform/logger';
import { moveWallet } from '../../functions/wallet/move-wallet';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { capturedLogs } from '../support/integration-env';
import { usePhonePeFranchise } from '../support/phonepe-franchise';
import { generateParsableKeyPair, startSftpServer, type SftpServer } from '../support/sftp-server';
import { createTestUser, type TestUser } from '../support/users';

/**
 * FTP_CONFIG in effect (issue 18): the broker panel saves its server (the password a canary), tests the
 * connection, and "Send now" puts the day's orders, wallet ledger and payments as three CSV files on a
 * real SFTP server on loopback (ssh2's server, test/support/sftp-server.ts), read back here; a server
 * refusing writes makes a failed run, tried three times, told to the admins; the nightly schedule sends
 * the day before once a night and tries a failed day again the next night.
 */
const api = useGateway();
const franchise = usePhonePeFranchise(api, { configure: true });
const root = mkdtempSync(join(tmpdir(), 'tb-sftp-'));
const USER = 'exporter';
const PASSWORD = `CanaryFtp${randomBytes(8).toString('hex')}`;
const KEYS = generateParsableKeyPair();
let server: SftpServer | undefined;
const sftp = () => server as SftpServer;
const answers: string[] = [];
const log = createLogger({ test: 'ftp-export' }, 'warn');
const QUICK = { attempts: 3, backoffMs: [20, 40], timeoutMs: 3000 };

const today = () => formatDay(marketDayOf(now()));
const settings = (overrides: Record<string, unknown> = {}) => ({ protocol: 'SFTP', host: '127.0.0.1', port: sftp().port, username: USER, password: PASSWORD, remote_folder: 'exports/daily', schedule_enabled: true, ...overrides });
const call = async (method: string, path: string, who: TestUser, body?: unknown) => {
  const answer = await franchise().call(method, `/users/brokerpanelconfigs/${path}`, { token: who.token, ...(body === undefined ? {} : { body }) });
  answers.push(answer.text);
  return answer;
};
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

/** RFC 4180 rows (our files quote only fields with a comma, quote or line break). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') (field += '"'), (index += 1);
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') row.push(field), (field = '');
    else if (char === '\r' && text[index + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), (index += 1);
    else field += char;
  }
  return rows;
}
const fileRows = (name: string) => {
  const [header, ...rows] = parseCsv(readFileSync(join(root, 'exports', 'daily', name), 'utf8'));
  return rows.map((row) => Object.fromEntries((header ?? []).map((column, index) => [column, row[index]])));
};

async function recordOrder(who: TestUser, symbol: string): Promise<string> {
  const orderId = ulid(now().getTime());
  const instrument = await findScript(`NSE:${symbol}`);
  const written = await writeOrderIntent(
    ownerOf(who),
    { order_id: orderId, tag: orderId.slice(-20), broker_id: 'paper-account', broker: 'paper', origin: 'manual', instrument, transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 2, price: null, trigger_price: null, status: 'completed', submission: 'SUBMITTED', broker_order_id: `X${orderId}`, reason: null, filled_quantity: 2, average_price: 101.5 },
    null,
    'recorded by the test',
    now(),
  );
  if (written.kind !== 'written') throw new Error('order not recorded');
  return orderId;
}

interface Arranged {
  alice: TestUser;
  bob: TestUser;
  orders: string[];
  paymentId: string;
  claimId: string;
}
let arranged: Arranged | undefined;
const the = () => arranged as Arranged;

beforeAll(async () => {
  server = await startSftpServer({ root, username: USER, password: PASSWORD, authorizedKey: KEYS.public });
  const f = franchise();
  expect((await f.call('POST', '/users/brokerpanelconfigs/updatebankdetails', { token: f.admin.token, body: { account_name: 'TradeBridge Pvt Ltd', account_number: '001234567890', ifsc: 'HDFC0001234', bank_name: 'HDFC Bank', branch: 'Fort', upi_id: '' } })).status).toBe(200);
  const [alice, bob] = await Promise.all([f.newUser(), f.newUser()]);
  const orders = [await recordOrder(alice, 'SBIN'), await recordOrder(bob, 'INFY')];
  const started = dataOf(await f.call('POST', '/payment/makepayment', { token: alice.token, body: { amount: 250 } }), paymentContracts.makePayment.response);
  await f.fake.choose(started.merchant_order_id, 'success');
  await f.fake.settled();
  dataOf(await f.call('POST', '/payment/getpaymentstatus', { token: alice.token, body: { payment_id: started.payment_id } }), paymentContracts.getPaymentStatus.response);
  const utr = `N${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
  const claim = await f.call('POST', '/payment/submitbanktransfer', { token: bob.token, body: { amount_paise: 12_345, utr } });
  expect(claim.status, claim.text).toBe(200);
  await moveWallet({ owner: ownerOf(bob), direction: 'credit', amountPaise: 7_000, reason: 'bank_transfer', reference: { utr: 'TEST, "quoted"' }, description: '=HYPERLINK("x")', idempotencyKey: `test#${randomUUID()}` });
  // Another franchise's order never reaches this franchise's file.
  await recordOrder(await createTestUser({ frchId: 2 }), 'TCS');
  arranged = { alice, bob, orders, paymentId: started.payment_id, claimId: (claim.body as { data: { transfer_id: string } }).data.transfer_id };
});
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('getftp / updateftp', () => {
  it('saves FTP_CONFIG with the password sealed and answers it masked, here and in getbrokerpanelconfigs', async () => {
    const admin = franchise().admin;
    const saved = dataOf(await call('POST', 'updateftp', admin, settings()), ftpContracts.updateFtp.response);
    expect(saved).toMatchObject({ config_type: 'FTP_CONFIG', configured: true, secrets_set: { password: true, private_key: false }, updated_by: admin.user.user_id });
    expect(saved.config).toMatchObject({ protocol: 'SFTP', host: '127.0.0.1', username: USER, password: MASKED_SECRET, private_key: '', remote_folder: 'exports/daily', schedule_enabled: true });
    const read = dataOf(await call('GET', 'getftp', admin), ftpContracts.getFtp.response);
    expect(read.config).toEqual(saved.config);
    const groups = await call('GET', 'getbrokerpanelconfigs?config_type=FTP_CONFIG', admin);
    expect(groups.status, groups.text).toBe(200);
    expect(JSON.stringify(groups.body)).toContain(MASKED_SECRET);
    // Saving again with the mask keeps the stored password (the export below logs in with it).
    expect((await call('POST', 'updateftp', admin, settings({ password: MASKED_SECRET }))).status).toBe(200);
  });

  it.each([
    ['no host', { host: '' }, 'host'],
    ['a host with a scheme', { host: 'sftp://example.com' }, 'host'],
    ['port 0', { port: 0 }, 'port'],
    ['port 70000', { port: 70_000 }, 'port'],
    ['an unknown protocol', { protocol: 'SCP' }, 'protocol'],
    ['a folder going up', { remote_folder: '../etc' }, 'remote_folder'],
  ])('refuses %s with 400, nothing saved', async (_case, overrides, field) => {
    const error = expectError(await call('POST', 'updateftp', franchise().admin, settings(overrides)), 400);
    expect(JSON.stringify(error)).toContain(field);
  });

  it('takes plain FTP only with the insecure acknowledgement', async () => {
    const admin = franchise().admin;
    const refused = expectError(await call('POST', 'updateftp', admin, settings({ protocol: 'FTP', port: 21 })), 400);
    expect(refused.details).toEqual([{ path: 'allow_insecure', message: FTP_INSECURE_MESSAGE }]);
    const acknowledged = dataOf(await call('POST', 'updateftp', admin, settings({ protocol: 'FTP', port: 21, allow_insecure: true, schedule_enabled: false })), ftpContracts.updateFtp.response);
    expect(acknowledged.config).toMatchObject({ protocol: 'FTP', allow_insecure: true });
    expect((await call('POST', 'updateftp', admin, settings())).status).toBe(200);
    expect(dataOf(await call('GET', 'getftp', admin), ftpContracts.getFtp.response).config?.protocol).toBe('SFTP');
  });

  it('refuses white-label and ordinary users (403) and shows another franchise nothing of this one', async () => {
    const f = franchise();
    for (const who of [await f.newUser({ is_white_label: true, can_add_subuser: true }), await f.newUser()]) {
      for (const [method, path, body] of [['GET', 'getftp'], ['POST', 'updateftp', settings()], ['POST', 'testftpconnection', {}], ['POST', 'sendftpexportnow', {}], ['GET', 'getftpexports']] as const) {
        expectError(await call(method, path, who, body), 403);
      }
    }
    const foreignAdmin = await createTestUser({ frchId: 2, roles: { is_brokerpanel: true } });
    const foreign = await api.call('GET', '/users/brokerpanelconfigs/getftp', { token: foreignAdmin.token, host: 'tenant-two.localhost' });
    answers.push(foreign.text);
    expect(dataOf(foreign, ftpContracts.getFtp.response).config?.host ?? null).not.toBe('127.0.0.1');
    const foreignRuns = dataOf(await api.call('GET', '/users/brokerpanelconfigs/getftpexports', { token: foreignAdmin.token, host: 'tenant-two.localhost' }), ftpContracts.getFtpExports.response);
    expect(foreignRuns.items.flatMap((run) => run.files).filter((file) => file.name.startsWith(`${f.frchId}-`))).toEqual([]);
  });
});

describe('testftpconnection', () => {
  it('connects with the saved settings, and answers the server refusing a wrong password in its own words', async () => {
    const admin = franchise().admin;
    const good = dataOf(await call('POST', 'testftpconnection', admin, {}), ftpContracts.testFtpConnection.response);
    expect(good).toEqual({ connected: true, error: null, remote_folder: 'exports/daily', host_fingerprint: sftp().hostFingerprint });
    const bad = dataOf(await call('POST', 'testftpconnection', admin, { config: settings({ password: 'not-the-password' }) }), ftpContracts.testFtpConnection.response);
    expect(bad.connected).toBe(false);
    expect(bad.error).toMatch(/authentication methods failed/i);
    const closed = dataOf(await call('POST', 'testftpconnection', admin, { config: settings({ port: 1 }) }), ftpContracts.testFtpConnection.response);
    expect(closed.error).toMatch(/refused/i);
  });

  it("refuses a server showing another key than the saved fingerprint, and accepts the saved one", async () => {
    const admin = franchise().admin;
    const other = `SHA256:${'A'.repeat(43)}`;
    const refused = dataOf(await call('POST', 'testftpconnection', admin, { config: settings({ password: '', host_fingerprint: other }) }), ftpContracts.testFtpConnection.response);
    expect(refused).toMatchObject({ connected: false, error: expect.stringContaining(`The server showed the key ${sftp().hostFingerprint}, not the saved ${other}`) });
    expect(dataOf(await call('POST', 'updateftp', admin, settings({ password: '', host_fingerprint: sftp().hostFingerprint })), ftpContracts.updateFtp.response).config?.host_fingerprint).toBe(sftp().hostFingerprint);
    expect(dataOf(await call('POST', 'testftpconnection', admin, {}), ftpContracts.testFtpConnection.response).connected).toBe(true);
    expectError(await call('POST', 'updateftp', admin, settings({ host_fingerprint: 'md5:aa:bb' })), 400);
  });

  it('logs in with a private key instead of a password (ssh2-sftp-client against the server)', async () => {
    const folder = await openRemoteFolder({ protocol: 'SFTP', host: '127.0.0.1', port: sftp().port, username: USER, password: '', privateKey: KEYS.private, remoteFolder: 'keyed', hostFingerprint: '' }, 3000);
    await folder.upload('probe.csv', 'a,b\r\n');
    await folder.close();
    expect(readFileSync(join(root, 'keyed', 'probe.csv'), 'utf8')).toBe('a,b\r\n');
    await expect(openRemoteFolder({ protocol: 'SFTP', host: '127.0.0.1', port: sftp().port, username: USER, password: '', privateKey: generateParsableKeyPair().private, remoteFolder: '', hostFingerprint: '' }, 3000)).rejects.toThrow(/authentication methods failed/i);
  });
});

describe('sendftpexportnow', () => {
  it("puts the day's orders, ledger and payments on the server as three CSV files with the right rows", async () => {
    const f = franchise();
    const { alice, bob, orders, paymentId, claimId } = the();
    const run = dataOf(await call('POST', 'sendftpexportnow', f.admin, {}), ftpContracts.sendFtpExportNow.response);
    const day = today();
    const names = ['orders', 'ledger', 'payments'].map((kind) => `${f.frchId}-${day}-${kind}.csv`);
    expect(run).toMatchObject({ day, trigger: 'manual', status: 'succeeded', attempts: 1, error: null, requested_by: f.admin.user.user_id, protocol: 'SFTP', host: '127.0.0.1' });
    expect(run.files.map((file) => [file.name, file.rows])).toEqual([
      [names[0], 2],
      [names[1], 2],
      [names[2], 2],
    ]);
    expect(readdirSync(join(root, 'exports', 'daily')).sort()).toEqual([...names].sort());
    const orderRows = fileRows(names[0] as string);
    expect(orderRows.map((row) => [row.order_id, row.user_id, row.trading_symbol, row.status, row.quantity, row.average_price]).sort()).toEqual(
      [
        [orders[0], String(alice.user.user_id), 'SBIN', 'completed', '2', '101.5'],
        [orders[1], String(bob.user.user_id), 'INFY', 'completed', '2', '101.5'],
      ].sort(),
    );
    const ledgerRows = fileRows(names[1] as string);
    expect(ledgerRows.map((row) => [row.user_id, row.type, row.amount, row.amount_paise, row.reason])).toEqual(
      expect.arrayContaining([
        [String(alice.user.user_id), 'credit', '250.00', '25000', 'phonepe_payment'],
        [String(bob.user.user_id), 'credit', '70.00', '7000', 'bank_transfer'],
      ]),
    );
    const bobs = ledgerRows.find((row) => row.user_id === String(bob.user.user_id));
    expect(bobs).toMatchObject({ reference: 'utr=TEST, "quoted"', description: `'=HYPERLINK("x")`, user_email: bob.user.email });
    const paymentRows = fileRows(names[2] as string);
    expect(paymentRows.map((row) => [row.payment_id, row.method, row.amount_paise, row.status])).toEqual([
      [paymentId, 'PHONEPE', '25000', 'completed'],
      [claimId, 'BANK', '12345', 'pending'],
    ]);
  });

  it('sends the same day again over the same file names', async () => {
    const f = franchise();
    const run = dataOf(await call('POST', 'sendftpexportnow', f.admin, { day: today() }), ftpContracts.sendFtpExportNow.response);
    expect(run.status).toBe('succeeded');
    expect(readdirSync(join(root, 'exports', 'daily'))).toHaveLength(3);
    expect(fileRows(`${f.frchId}-${today()}-orders.csv`)).toHaveLength(2);
  });

  it('refuses a day in the future or not a date (400)', async () => {
    const admin = franchise().admin;
    expectError(await call('POST', 'sendftpexportnow', admin, { day: formatDay(marketDayOf(now()) + 1) }), 400);
    expectError(await call('POST', 'sendftpexportnow', admin, { day: '2026-02-30' }), 400);
    expectError(await call('POST', 'sendftpexportnow', admin, { day: '30-01-2026' }), 400);
  });

  it('records a run the server refuses as failed after three attempts and tells the broker-panel users', async () => {
    const f = franchise();
    sftp().failWrites('Quota exceeded for user exporter');
    const loginsBefore = sftp().logins;
    try {
      const run = dataOf(await call('POST', 'sendftpexportnow', f.admin, {}), ftpContracts.sendFtpExportNow.response);
      expect(run).toMatchObject({ status: 'failed', attempts: 3, error: expect.stringContaining('Quota exceeded for user exporter') });
      expect(sftp().logins - loginsBefore).toBe(3);
    } finally {
      sftp().failWrites(null);
    }
    const notes = await listNotifications(f.frchId, f.admin.user.user_id, { offset: 0, limit: 20 });
    expect(notes.items.find((note) => note.notify_type === FILE_EXPORT_NOTIFICATION_TYPE)?.notified_message).toMatch(/^The file export of \d{2}-\d{2}-\d{4} to 127\.0\.0\.1 failed: .*Quota exceeded/);
  });

  it('getftpexports lists the runs newest first', async () => {
    const runs = dataOf(await call('GET', 'getftpexports?limit=10', franchise().admin), ftpContracts.getFtpExports.response).items;
    expect(runs.map((run) => run.status)).toEqual(['failed', 'succeeded', 'succeeded']);
    expect(runs.map((run) => run.started_at)).toEqual([...runs.map((run) => run.started_at)].sort().reverse());
  });
});

describe('the nightly schedule', () => {
  const nightOf = (offsetDays: number, hour: number) => new Date(startOfMarketDay(marketDayOf(now()) + offsetDays).getTime() + hour * 3_600_000);

  it('waits for 01:00, sends the day before once a night (a "Send now" during the day does not count), and tries a failed day again the next night', async () => {
    const f = franchise();
    const runs = async (at: Date) => (await runScheduledExports([f.frchId], at, log, QUICK)).runs;
    expect(dataOf(await call('POST', 'sendftpexportnow', f.admin, {}), ftpContracts.sendFtpExportNow.response).status).toBe('succeeded');
    expect(await runs(nightOf(1, 0.5))).toBe(0);
    sftp().failWrites('Disk full');
    let summary: { runs: number; failed: number };
    try {
      summary = await runScheduledExports([f.frchId], nightOf(1, 1.25), log, QUICK);
    } finally {
      sftp().failWrites(null);
    }
    expect(summary).toMatchObject({ runs: 1, failed: 1 });
    expect(await runs(nightOf(1, 2.25))).toBe(0);
    const retried = await runScheduledExports([f.frchId], nightOf(2, 1.25), log, QUICK);
    expect(retried).toMatchObject({ runs: 2, failed: 0 });
    const history: FtpExportRun[] = dataOf(await call('GET', 'getftpexports', f.admin), ftpContracts.getFtpExports.response).items;
    expect(history.filter((run) => run.trigger === 'schedule').map((run) => [run.day, run.status])).toEqual(
      expect.arrayContaining([
        [today(), 'failed'],
        [today(), 'succeeded'],
        [formatDay(marketDayOf(now()) + 1), 'succeeded'],
      ]),
    );
    expect(await runs(nightOf(3, 1.25))).toBe(1);
    expect(await runs(nightOf(3, 4))).toBe(0);
  });

  it('does nothing for a franchise with the schedule off', async () => {
    const f = franchise();
    expect((await call('POST', 'updateftp', f.admin, settings({ password: '', schedule_enabled: false }))).status).toBe(200);
    expect((await runScheduledExports([f.frchId], nightOf(4, 2), log, QUICK)).franchises).toBe(0);
  });
});

it('never lets the FTP password or the private key into an answer or a log line (canary)', () => {
  const everything = [...answers, ...franchise().answers, ...capturedLogs].join('\n');
  expect(everything).not.toContain(PASSWORD);
  expect(everything).not.toContain(KEYS.private.split('\n')[1]);
});
