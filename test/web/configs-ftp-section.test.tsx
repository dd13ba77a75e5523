import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '../../shared/contracts/config-groups/config-group';
import { FTP_INSECURE_MESSAGE } from '../../shared/contracts/config-groups/ftp-config';
import type { FtpExportRun } from '../../shared/contracts/ftp';
import type { ConfigGroupView } from '../../shared/contracts/panel-configs';
import { saveSession } from '../../web/src/lib/auth-storage';
import { formatPayloadDate } from '../../web/src/lib/format/date-time';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const A = '/api/v4';
const P = `${A}/users/brokerpanelconfigs`;
const BROKER_PANEL = profileFixture({ user_id: 2, email: 'owner@sharma.example', is_brokerpanel: true, is_white_label: false, can_add_subuser: false, is_ip_enable: false });

type FtpView = Extract<ConfigGroupView, { config_type: 'FTP_CONFIG' }>;
const ftpView = (overrides: Partial<FtpView> = {}): FtpView => ({
  config_type: 'FTP_CONFIG',
  title: 'File transfer',
  editable: true,
  configured: true,
  config: { protocol: 'SFTP', allow_insecure: false, host: 'sftp.sharma.example', port: 22, username: 'exports', password: MASKED_SECRET, private_key: '', remote_folder: 'tradebridge', host_fingerprint: '', schedule_enabled: true },
  secrets_set: { password: true, private_key: false },
  updated_at: '2026-11-21T08:35:09.000Z',
  updated_by: 2,
  ...overrides,
});

const run = (overrides: Partial<FtpExportRun> = {}): FtpExportRun => ({
  run_id: '01JD0000000000000000000001',
  day: '2026-11-20',
  trigger: 'schedule',
  status: 'succeeded',
  protocol: 'SFTP',
  host: 'sftp.sharma.example',
  remote_folder: 'tradebridge',
  started_at: '2026-11-20T19:35:00.000Z',
  finished_at: '2026-11-20T19:35:02.000Z',
  attempts: 1,
  files: [
    { name: '3-2026-11-20-orders.csv', rows: 12, bytes: 900 },
    { name: '3-2026-11-20-ledger.csv', rows: 5, bytes: 400 },
    { name: '3-2026-11-20-payments.csv', rows: 2, bytes: 200 },
  ],
  error: null,
  requested_by: null,
  ...overrides,
});

interface Calls {
  tests: unknown[];
  sends: unknown[];
  saves: unknown[];
  historyReads: number;
}

/** Signs in as the broker panel; the configs read answers `view`; the FTP calls answer what the handlers return. */
function signIn(view: FtpView, answers: { test?: () => Response; send?: (body: { day: string }) => Response; runs?: () => FtpExportRun[] } = {}): Calls {
  const calls: Calls = { tests: [], sends: [], saves: [], historyReads: 0 };
  saveSession(validToken({ user_id: BROKER_PANEL.user_id, frch_id: 3 }), BROKER_PANEL);
  stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(BROKER_PANEL)),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`GET ${P}/getbrokerpanelconfigs`]: () => jsonResponse(successBody({ groups: [view] })),
    [`POST ${P}/updateconfigs`]: async (request) => {
      calls.saves.push(await request.json());
      return jsonResponse(successBody(view));
    },
    [`GET ${P}/getftpexports`]: () => {
      calls.historyReads += 1;
      return jsonResponse(successBody({ items: answers.runs?.() ?? [run()] }));
    },
    [`POST ${P}/testftpconnection`]: async (request) => {
      calls.tests.push(await request.json());
      return answers.test?.() ?? jsonResponse(successBody({ connected: true, error: null, remote_folder: 'tradebridge', host_fingerprint: null }));
    },
    [`POST ${P}/sendftpexportnow`]: async (request) => {
      const body = (await request.json()) as { day: string };
      calls.sends.push(body);
      return answers.send?.(body) ?? jsonResponse(successBody(run({ day: body.day, trigger: 'manual', requested_by: 2 })));
    },
  });
  return calls;
}

const ftpSection = () => screen.findByRole('region', { name: 'File transfer' });

describe('File transfer section', () => {
  afterEach(resetWebTestState);

  it('shows the saved settings with the password masked, and the export history', async () => {
    signIn(ftpView());
    renderApp('/configs');
    const section = await ftpSection();
    expect((within(section).getByLabelText('Protocol') as HTMLSelectElement).value).toBe('SFTP');
    expect((within(section).getByLabelText('Server') as HTMLInputElement).value).toBe('sftp.sharma.example');
    expect((within(section).getByLabelText('Port') as HTMLInputElement).value).toBe('22');
    expect((within(section).getByLabelText('Password') as HTMLInputElement).value).toBe(MASKED_SECRET);
    expect(within(section).getByLabelText('Private key (instead of a password)')).toBeTruthy();
    expect((within(section).getByLabelText('Nightly export') as HTMLInputElement).checked).toBe(true);
    const row = await within(section).findByRole('row', { name: /Export of 20-11-2026/ });
    expect(within(row).getByText('Sent')).toBeTruthy();
    expect(within(row).getByText('Nightly')).toBeTruthy();
    expect(within(row).getByText('12 · 5 · 2')).toBeTruthy();
  });

  it("tests the connection and shows the server's own words when it fails", async () => {
    let connected = true;
    const calls = signIn(ftpView(), { test: () => jsonResponse(successBody(connected ? { connected: true, error: null, remote_folder: 'tradebridge', host_fingerprint: 'SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8' } : { connected: false, error: 'getConnection: All configured authentication methods failed', remote_folder: 'tradebridge', host_fingerprint: null })) });
    renderApp('/configs');
    const section = await ftpSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Test connection' }));
    expect(await within(section).findByText('Connected. The folder "tradebridge" is ready for the files.')).toBeTruthy();
    expect(within(section).getByText('The server\'s key is SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8: save it as the server key so that another server is refused.')).toBeTruthy();
    connected = false;
    fireEvent.click(within(section).getByRole('button', { name: 'Test connection' }));
    const refusal = await within(section).findByText('Could not connect. The server said: getConnection: All configured authentication methods failed');
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    expect(calls.tests).toEqual([{}, {}]);
  });

  it("sends today's export now, says how it went and reads the history again", async () => {
    const calls = signIn(ftpView(), { send: (body) => jsonResponse(successBody(run({ day: body.day, trigger: 'manual', status: 'failed', attempts: 3, error: 'Quota exceeded', files: [] }))) });
    renderApp('/configs');
    const section = await ftpSection();
    await within(section).findByRole('row', { name: /Export of 20-11-2026/ });
    const readsBefore = calls.historyReads;
    fireEvent.click(within(section).getByRole('button', { name: 'Send now' }));
    const today = formatPayloadDate(new Date());
    const shown = today.split('-').reverse().join('-');
    expect(await within(section).findByText(`The export of ${shown} failed after 3 tries: Quota exceeded`)).toBeTruthy();
    expect(calls.sends).toEqual([{ day: today }]);
    await within(section).findByRole('row', { name: /Export of 20-11-2026/ });
    expect(calls.historyReads).toBeGreaterThan(readsBefore);
  });

  it('asks for the insecure acknowledgement before plain FTP is saved', async () => {
    const calls = signIn(ftpView());
    renderApp('/configs');
    const section = await ftpSection();
    fireEvent.change(within(section).getByLabelText('Protocol'), { target: { value: 'FTP' } });
    expect(within(section).queryByLabelText('Private key (instead of a password)')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText(FTP_INSECURE_MESSAGE)).toBeTruthy();
    expect(calls.saves).toEqual([]);
    fireEvent.click(within(section).getByLabelText('I understand this is insecure'));
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await within(section).findByRole('row', { name: /Export of 20-11-2026/ });
    await screen.findByText('File transfer settings saved.');
    expect(calls.saves).toEqual([{ config_type: 'FTP_CONFIG', config: expect.objectContaining({ protocol: 'FTP', allow_insecure: true, password: MASKED_SECRET }) }]);
  });

  it('asks to save the settings before testing, and shows no history yet', async () => {
    const calls = signIn(ftpView({ configured: false, config: null, secrets_set: { password: false, private_key: false }, updated_at: null, updated_by: null }));
    renderApp('/configs');
    const section = await ftpSection();
    expect(within(section).getByText('Save the settings first, then test the connection.')).toBeTruthy();
    expect((within(section).getByRole('button', { name: 'Test connection' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(section).queryByText('Export history')).toBeNull();
    expect(calls.historyReads).toBe(0);
  });
});
