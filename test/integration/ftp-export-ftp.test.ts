import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ftpContracts } from '../../shared/contracts/ftp';
import { formatDay, marketDayOf } from '../../shared/domain/market-clock';
import { ENV } from '../../shared/config/env-names';
import { isPublicAddress, serverAddressOf } from '../../functions/file-exports/public-address';
import { now } from '../../functions/platform/clock';
import { resetConfigForTests } from '../../functions/platform/config';
import { dataOf } from '../support/api-answers';
import { startFtpServer, type FtpServer } from '../support/ftp-server';
import { useGateway } from '../support/gateway';
import { capturedLogs } from '../support/integration-env';
import { usePhonePeFranchise } from '../support/phonepe-franchise';

/**
 * FTP_CONFIG over basic-ftp (issue 18): a franchise that acknowledged plain FTP as insecure gets its
 * export on a real FTP server on loopback (test/support/ftp-server.ts); FTPS asks the server for TLS
 * first (AUTH TLS) and never falls back to plain FTP; the server's refusals come back in its own words.
 */
const api = useGateway();
const franchise = usePhonePeFranchise(api);
const root = mkdtempSync(join(tmpdir(), 'tb-ftp-'));
const PASSWORD = `CanaryPlain${randomBytes(6).toString('hex')}`;
let server: FtpServer | undefined;
const ftp = () => server as FtpServer;
const answers: string[] = [];

const settings = (overrides: Record<string, unknown> = {}) => ({ protocol: 'FTP', allow_insecure: true, host: '127.0.0.1', port: ftp().port, username: 'franchise', password: PASSWORD, remote_folder: 'nightly/csv', schedule_enabled: false, ...overrides });
const call = async (path: string, body: unknown) => {
  const answer = await franchise().call('POST', `/users/brokerpanelconfigs/${path}`, { token: franchise().admin.token, body });
  answers.push(answer.text);
  return answer;
};

beforeAll(async () => {
  server = await startFtpServer({ root, username: 'franchise', password: PASSWORD });
});
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('plain FTP and FTPS through basic-ftp', () => {
  it('tests the connection, answering a wrong password with the server\'s "530 Login incorrect."', async () => {
    expect(dataOf(await call('testftpconnection', { config: settings() }), ftpContracts.testFtpConnection.response)).toEqual({ connected: true, error: null, remote_folder: 'nightly/csv', host_fingerprint: null });
    const refused = dataOf(await call('testftpconnection', { config: settings({ password: 'wrong-password' }) }), ftpContracts.testFtpConnection.response);
    expect(refused).toMatchObject({ connected: false, error: expect.stringContaining('530 Login incorrect.') });
  });

  it('asks for TLS with FTPS and does not go on when the server has none', async () => {
    const before = ftp().commands.length;
    const refused = dataOf(await call('testftpconnection', { config: settings({ protocol: 'FTPS', allow_insecure: false }) }), ftpContracts.testFtpConnection.response);
    expect(refused.connected).toBe(false);
    expect(refused.error).toContain('502 AUTH not implemented.');
    const sent = ftp().commands.slice(before);
    expect(sent[0]).toBe('AUTH TLS');
    expect(sent).not.toContain('PASS ***');
  });

  it('sends the three files of the day into the folder, created on the server', async () => {
    const f = franchise();
    expect((await call('updateftp', settings())).status).toBe(200);
    const run = dataOf(await call('sendftpexportnow', {}), ftpContracts.sendFtpExportNow.response);
    const day = formatDay(marketDayOf(now()));
    expect(run).toMatchObject({ status: 'succeeded', protocol: 'FTP', attempts: 1, day });
    const names = ['orders', 'ledger', 'payments'].map((kind) => `${f.frchId}-${day}-${kind}.csv`);
    expect(readdirSync(join(root, 'nightly', 'csv')).sort()).toEqual([...names].sort());
    expect(readFileSync(join(root, 'nightly', 'csv', names[0] as string), 'utf8').split('\r\n')[0]).toMatch(/^order_id,created_at,user_id,/);
  });

  it('on AWS refuses servers on this machine or a private network, and takes public addresses', async () => {
    const previous = process.env[ENV.stage];
    process.env[ENV.stage] = 'prod';
    resetConfigForTests();
    try {
      for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '169.254.169.254', '[::1]', '192.168.0.10']) {
        expect(await serverAddressOf(host)).toEqual({ ok: false, reason: `${host} is not on the public internet: enter your server's public name or address.` });
      }
      expect(await serverAddressOf('203.0.113.7')).toEqual({ ok: true, address: '203.0.113.7' });
    } finally {
      if (previous === undefined) delete process.env[ENV.stage];
      else process.env[ENV.stage] = previous;
      resetConfigForTests();
    }
    expect(await serverAddressOf('127.0.0.1')).toEqual({ ok: true, address: '127.0.0.1' });
    expect([isPublicAddress('8.8.8.8'), isPublicAddress('2001:4860:4860::8888'), isPublicAddress('100.64.1.1'), isPublicAddress('fd00::1'), isPublicAddress('::ffff:10.0.0.1')]).toEqual([true, true, false, false, false]);
  });

  it('never lets the password into an answer or a log line (canary)', () => {
    expect([...answers, ...franchise().answers, ...capturedLogs].join('\n')).not.toContain(PASSWORD);
  });
});
