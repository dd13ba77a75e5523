import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '../../shared/contracts/config-groups/config-group';
import type { ConfigGroupView } from '../../shared/contracts/panel-configs';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const A = '/api/v4';
const TEST_MAIL = `POST ${A}/users/brokerpanelconfigs/sendtestmail`;
const BROKER_PANEL = profileFixture({ user_id: 2, email: 'owner@sharma.example', is_brokerpanel: true, is_white_label: false, can_add_subuser: false, is_ip_enable: false });

type MailView = Extract<ConfigGroupView, { config_type: 'MAIL_CONFIG' }>;
const mailView = (overrides: Partial<MailView> = {}): MailView => ({
  config_type: 'MAIL_CONFIG',
  title: 'Mail server',
  editable: true,
  configured: true,
  config: { enabled: false, host: 'smtp.sharma.example', port: 587, security: 'STARTTLS', user: 'desk', password: MASKED_SECRET, from_name: 'Sharma Capital', from_address: 'desk@sharma.example', reply_to: '' },
  secrets_set: { password: true },
  updated_at: '2026-11-21T08:35:09.000Z',
  updated_by: 2,
  ...overrides,
});

/** Signs in as the broker panel; the configs read answers `view`; "Send test mail" answers what `onTest` returns. */
function signIn(view: MailView, onTest: (body: unknown) => Response) {
  const tests: unknown[] = [];
  saveSession(validToken({ user_id: BROKER_PANEL.user_id, frch_id: 3 }), BROKER_PANEL);
  stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(BROKER_PANEL)),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`GET ${A}/users/brokerpanelconfigs/getbrokerpanelconfigs`]: () => jsonResponse(successBody({ groups: [view] })),
    [TEST_MAIL]: async (request) => {
      const body: unknown = await request.json();
      tests.push(body);
      return onTest(body);
    },
  });
  return tests;
}

const mailSection = () => screen.findByRole('region', { name: 'Mail server' });
const sendButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: 'Send test mail' }) as HTMLButtonElement;

describe('Mail server section', () => {
  afterEach(resetWebTestState);

  it('shows the saved settings with the password masked', async () => {
    signIn(mailView(), () => jsonResponse(successBody({})));
    renderApp('/configs');
    const section = await mailSection();
    expect((within(section).getByLabelText('Mail server') as HTMLInputElement).value).toBe('smtp.sharma.example');
    expect((within(section).getByLabelText('Port') as HTMLInputElement).value).toBe('587');
    expect((within(section).getByLabelText('Security') as HTMLSelectElement).value).toBe('STARTTLS');
    expect((within(section).getByLabelText('Password') as HTMLInputElement).value).toBe(MASKED_SECRET);
    expect((within(section).getByLabelText("Send my users' mails through this server") as HTMLInputElement).checked).toBe(false);
  });

  it("sends a test mail to the signed-in user's own email by default and shows the server's answer", async () => {
    const tests = signIn(mailView(), () => jsonResponse(successBody({ to: 'owner@sharma.example', server: 'smtp.sharma.example:587', server_answer: '250 2.0.0 OK queued as 7F3A' }, 'Test mail sent')));
    renderApp('/configs');
    const section = await mailSection();
    const to = within(section).getByLabelText('Send it to') as HTMLInputElement;
    await within(section).findByDisplayValue('owner@sharma.example');
    expect(to.value).toBe('owner@sharma.example');
    fireEvent.click(sendButton(section));
    expect(await within(section).findByText('Test mail sent to owner@sharma.example through smtp.sharma.example:587. The mail server answered: 250 2.0.0 OK queued as 7F3A')).toBeTruthy();
    expect(tests).toEqual([{ to: 'owner@sharma.example' }]);

    fireEvent.change(to, { target: { value: 'desk@sharma.example' } });
    fireEvent.click(sendButton(section));
    await within(section).findByText(/Test mail sent to/);
    expect(tests).toEqual([{ to: 'owner@sharma.example' }, { to: 'desk@sharma.example' }]);
  });

  it("shows the mail server's refusal in its own words", async () => {
    const refusal = 'The mail server refused the test mail: 535 5.7.8 Authentication failed';
    signIn(mailView(), () => jsonResponse({ status: false, msg: refusal, error: { message: refusal, code: 'BUSINESS_RULE' } }, 422));
    renderApp('/configs');
    const section = await mailSection();
    await within(section).findByDisplayValue('owner@sharma.example');
    fireEvent.click(sendButton(section));
    expect((await within(section).findByText(refusal)).closest('[role="alert"]')).toBeTruthy();
  });

  it('asks to save the settings before a test mail can be sent', async () => {
    const tests = signIn(mailView({ configured: false, config: null, secrets_set: { password: false }, updated_at: null, updated_by: null }), () => jsonResponse(successBody({})));
    renderApp('/configs');
    const section = await mailSection();
    expect(within(section).getByText('Save the settings first, then send a test mail.')).toBeTruthy();
    expect(sendButton(section).disabled).toBe(true);
    fireEvent.click(sendButton(section));
    expect(tests).toEqual([]);
  });
});
