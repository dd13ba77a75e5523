import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '../../shared/contracts/config-groups/config-group';
import { DEFAULT_PAYMENT_CONFIGS } from '../../shared/contracts/config-groups/payment-configs';
import { panelConfigContracts, type ConfigGroupView } from '../../shared/contracts/panel-configs';
import type { UserProfile } from '../../shared/contracts/user-profile';
import { AppProviders } from '../../web/src/app/providers';
import { ConfigChoiceField } from '../../web/src/features/configs/form/config-choice-field';
import { ConfigForm } from '../../web/src/features/configs/form/config-form';
import { ConfigNumberField } from '../../web/src/features/configs/form/config-number-field';
import { ConfigSecretField } from '../../web/src/features/configs/form/config-secret-field';
import { ConfigTextField } from '../../web/src/features/configs/form/config-text-field';
import { ConfigToggleField } from '../../web/src/features/configs/form/config-toggle-field';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const A = '/api/v4';
const UPDATE = `POST ${A}/users/brokerpanelconfigs/updateconfigs`;
const NO_ROLES = { is_brokerpanel: false, is_white_label: false, can_add_subuser: false, is_ip_enable: false };
const BROKER_PANEL = profileFixture({ ...NO_ROLES, user_id: 2, is_brokerpanel: true });
const WHITE_LABEL = profileFixture({ ...NO_ROLES, user_id: 5, is_white_label: true });

type View<G extends ConfigGroupView['config_type']> = Extract<ConfigGroupView, { config_type: G }>;

const paymentView = (overrides: Partial<View<'PAYMENT_CONFIGS'>> = {}): View<'PAYMENT_CONFIGS'> => ({
  config_type: 'PAYMENT_CONFIGS',
  title: 'Payments',
  editable: true,
  configured: false,
  config: DEFAULT_PAYMENT_CONFIGS,
  secrets_set: {},
  updated_at: null,
  updated_by: null,
  ...overrides,
});

const ORG = {
  organisation_name: 'Sharma Capital',
  address: '12 MG Road, Pune',
  support_email: 'help@sharma.example',
  support_phone: '+91 98200 00000',
  gstin: '27AAPFU0939F1ZV',
  website: 'https://sharma.example',
  terms_url: '',
  privacy_url: '',
  twitter_url: '',
  telegram_url: '',
  youtube_url: '',
  instagram_url: '',
};

const orgView = (overrides: Partial<View<'ORG_CONFIG'>> = {}): View<'ORG_CONFIG'> => ({
  config_type: 'ORG_CONFIG',
  title: 'Organisation',
  editable: true,
  configured: true,
  config: ORG,
  secrets_set: {},
  updated_at: '2026-11-21T08:35:09.000Z',
  updated_by: 2,
  ...overrides,
});

/** Signs in and answers the configs read with `groups`; a save answers what `onSave` returns (by default: the group, saved by the user). */
function signInAs(profile: UserProfile, groups: ConfigGroupView[], onSave?: (body: unknown) => Response) {
  const saves: unknown[] = [];
  saveSession(validToken({ user_id: profile.user_id, frch_id: 3 }), profile);
  const { requests } = stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(profile)),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`GET ${A}/users/brokerpanelconfigs/getbrokerpanelconfigs`]: () => jsonResponse(successBody({ groups })),
    [UPDATE]: async (request) => {
      const body: unknown = await request.json();
      saves.push(body);
      if (onSave) return onSave(body);
      const { config_type, config } = panelConfigContracts.updateConfigs.request.parse(body);
      const index = groups.findIndex((group) => group.config_type === config_type);
      const saved = { ...groups[index], config, configured: true, updated_at: '2026-11-21T09:00:00.000Z', updated_by: profile.user_id } as ConfigGroupView;
      groups.splice(index, 1, saved);
      return jsonResponse(successBody(saved, 'Saved'));
    },
  });
  return { saves, requests };
}

const section = (title: string) => screen.getByRole('region', { name: title });
const input = (scope: HTMLElement, label: string) => within(scope).getByLabelText(label) as HTMLInputElement;
const saveButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('configs page', () => {
  afterEach(resetWebTestState);

  it('shows each group the API answers, in its order, with its values and who saved it', async () => {
    signInAs(BROKER_PANEL, [orgView(), paymentView()]);
    renderApp('/configs');
    expect(await screen.findByRole('heading', { level: 2, name: 'Configs' })).toBeTruthy();
    await screen.findByRole('region', { name: 'Payments' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Organisation', 'Payments']);

    const payments = section('Payments');
    expect(within(payments).getByText('Not saved yet — these are the defaults.')).toBeTruthy();
    expect(input(payments, 'Pay with PhonePe').checked).toBe(true);
    expect(input(payments, 'Smallest top-up (₹)').value).toBe('1');
    expect(input(payments, 'Largest top-up (₹)').value).toBe('100000');
    expect(input(payments, 'Static IP price per month (₹)').value).toBe('500');
    expect(input(payments, 'Default referral share (%)').value).toBe('10');
    expect(input(payments, 'Static IP quarantine (days)').value).toBe('30');
    expect(saveButton(payments).disabled).toBe(true);

    const org = section('Organisation');
    expect(within(org).getByText('Last saved by user 2 at 21-11-2026 14:05')).toBeTruthy();
    expect(input(org, 'Organisation name').value).toBe('Sharma Capital');
    expect(input(org, 'GSTIN').value).toBe('27AAPFU0939F1ZV');
    expect(input(org, 'Website').value).toBe('https://sharma.example');
  });

  it('checks the values on the client: a bad GSTIN or a smallest top-up above the largest sends nothing', async () => {
    const { saves } = signInAs(BROKER_PANEL, [paymentView(), orgView()]);
    renderApp('/configs');
    const org = await screen.findByRole('region', { name: 'Organisation' });
    type(input(org, 'GSTIN'), '27aapfu0939f1z');
    expect(input(org, 'GSTIN').value).toBe('27AAPFU0939F1Z');
    fireEvent.click(saveButton(org));
    expect(await within(org).findByText('Enter a valid GSTIN (15 characters, e.g. 27AAPFU0939F1ZV).')).toBeTruthy();
    expect(within(org).getByRole('alert').textContent).toBe('Some values need a change before they can be saved.');

    const payments = section('Payments');
    type(input(payments, 'Smallest top-up (₹)'), '5000');
    type(input(payments, 'Largest top-up (₹)'), '1000');
    fireEvent.click(saveButton(payments));
    expect(await within(payments).findByText('The smallest top-up is above the largest.')).toBeTruthy();
    type(input(payments, 'Static IP price per month (₹)'), '12abc');
    fireEvent.click(saveButton(payments));
    expect(await within(payments).findByText('Enter the static IP price in rupees.')).toBeTruthy();
    expect(saves).toEqual([]);
  });

  it('saves one group as {config_type, config}, says so, and shows who saved it', async () => {
    const { saves } = signInAs(BROKER_PANEL, [paymentView(), orgView()]);
    renderApp('/configs');
    const payments = await screen.findByRole('region', { name: 'Payments' });
    fireEvent.click(input(payments, 'Pay with PhonePe'));
    type(input(payments, 'Largest top-up (₹)'), '25000.50');
    expect(saveButton(payments).disabled).toBe(false);
    fireEvent.click(saveButton(payments));

    expect(await screen.findByText('Payments settings saved.')).toBeTruthy();
    expect(saves).toEqual([{ config_type: 'PAYMENT_CONFIGS', config: { ...DEFAULT_PAYMENT_CONFIGS, phonepe_enabled: false, max_topup: 25000.5 } }]);
    await waitFor(() => expect(within(section('Payments')).getByText('Last saved by user 2 at 21-11-2026 14:30')).toBeTruthy());
    expect(input(section('Payments'), 'Pay with PhonePe').checked).toBe(false);
    expect(saveButton(section('Payments')).disabled).toBe(true);
  });

  it("shows the server's field error on its field and its message", async () => {
    const { saves } = signInAs(BROKER_PANEL, [orgView()], () =>
      jsonResponse(
        { status: false, error: { message: 'Check the highlighted fields.', code: 'VALIDATION_FAILED', details: [{ path: 'config.support_email', message: 'This address bounces.' }] } },
        400,
      ),
    );
    renderApp('/configs');
    const org = await screen.findByRole('region', { name: 'Organisation' });
    type(input(org, 'Support email'), 'desk@sharma.example');
    fireEvent.click(saveButton(org));
    expect(await within(org).findByText('This address bounces.')).toBeTruthy();
    expect(within(org).getByRole('alert').textContent).toContain('Check the highlighted fields.');
    expect(input(org, 'Support email').getAttribute('aria-invalid')).toBe('true');
    expect(saves).toHaveLength(1);
  });

  it('lets a white-label user edit only what the API answers it, and shows a read-only group disabled', async () => {
    signInAs(WHITE_LABEL, [orgView({ configured: false, config: null, updated_at: null, updated_by: null })]);
    renderApp('/configs');
    const org = await screen.findByRole('region', { name: 'Organisation' });
    expect(screen.queryByRole('region', { name: 'Payments' })).toBeNull();
    expect(within(org).getByText('Not saved yet.')).toBeTruthy();
    expect(input(org, 'Organisation name').value).toBe('');
    expect(input(org, 'Organisation name').disabled).toBe(false);
    expect(within(org).getByRole('button', { name: 'Save' })).toBeTruthy();
    resetWebTestState();

    signInAs(WHITE_LABEL, [paymentView({ editable: false }), orgView()]);
    renderApp('/configs');
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('Only the broker panel may change these settings.')).toBeTruthy();
    expect(input(payments, 'Pay with PhonePe').disabled).toBe(true);
    expect(input(payments, 'Smallest top-up (₹)').disabled).toBe(true);
    expect(within(payments).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(section('Organisation')).getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});

const MAIL: View<'MAIL_CONFIG'> = {
  config_type: 'MAIL_CONFIG',
  title: 'Mail server',
  editable: true,
  configured: true,
  config: { enabled: true, host: 'smtp.sharma.example', port: 587, security: 'STARTTLS', user: 'desk', password: MASKED_SECRET, from_name: 'Sharma Capital', from_address: 'desk@sharma.example', reply_to: '' },
  secrets_set: { password: true },
  updated_at: '2026-11-21T08:35:09.000Z',
  updated_by: 2,
};

describe('config form pieces (a mail server group)', () => {
  afterEach(resetWebTestState);

  function renderMailForm(view: View<'MAIL_CONFIG'> = MAIL) {
    saveSession(validToken({ user_id: 2, frch_id: 3 }), BROKER_PANEL);
    const saves: unknown[] = [];
    stubFetch({
      [UPDATE]: async (request) => {
        const body: unknown = await request.json();
        saves.push(body);
        const { config } = panelConfigContracts.updateConfigs.request.parse(body);
        return jsonResponse(successBody({ ...view, configured: true, config: { ...config, password: MASKED_SECRET }, secrets_set: { password: true } }));
      },
    });
    render(
      <AppProviders>
        <ConfigForm view={view}>
          <ConfigToggleField name="enabled" label="Send through this server" />
          <ConfigTextField name="host" label="Server" />
          <ConfigNumberField name="port" label="Port" />
          <ConfigChoiceField name="security" label="Security" choices={[{ value: 'STARTTLS', label: 'STARTTLS' }, { value: 'TLS', label: 'TLS' }, { value: 'NONE', label: 'None' }]} />
          <ConfigTextField name="from_name" label="Sender name" />
          <ConfigTextField name="from_address" label="Sender address" type="email" />
          <ConfigSecretField name="password" label="Password" />
        </ConfigForm>
      </AppProviders>,
    );
    return saves;
  }

  it('starts a group without values or defaults empty, unchanged, and sends what is filled in', async () => {
    const saves = renderMailForm({ ...MAIL, configured: false, config: null, secrets_set: { password: false }, updated_at: null, updated_by: null });
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(screen.queryByRole('button', { name: 'Replace password' })).toBeNull();
    expect((screen.getByLabelText('Send through this server') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    type(screen.getByLabelText('Server'), 'smtp.sharma.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the port (1–65535).')).toBeTruthy();
    expect(saves).toEqual([]);

    type(screen.getByLabelText('Port'), '465');
    fireEvent.change(screen.getByLabelText('Security'), { target: { value: 'TLS' } });
    type(screen.getByLabelText('Sender name'), 'Sharma Capital');
    type(screen.getByLabelText('Sender address'), 'desk@sharma.example');
    type(password, 'first-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Mail server settings saved.');
    expect(saves).toEqual([
      {
        config_type: 'MAIL_CONFIG',
        config: { enabled: false, host: 'smtp.sharma.example', port: 465, security: 'TLS', user: '', password: 'first-pass', from_name: 'Sharma Capital', from_address: 'desk@sharma.example', reply_to: '' },
      },
    ]);
  });

  it('shows the mask for a stored secret and sends it back untouched, which keeps the stored one', async () => {
    const saves = renderMailForm();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe(MASKED_SECRET);
    type(screen.getByLabelText('Sender name'), 'Sharma Desk');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Mail server settings saved.');
    expect(saves).toEqual([{ config_type: 'MAIL_CONFIG', config: { ...MAIL.config, from_name: 'Sharma Desk', password: MASKED_SECRET } }]);
  });

  it('Replace empties the field for a new secret, which is sent as typed', async () => {
    const saves = renderMailForm();
    fireEvent.click(screen.getByRole('button', { name: 'Replace password' }));
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.type).toBe('password');
    type(password, 'n3w-smtp-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Mail server settings saved.');
    expect(saves).toEqual([{ config_type: 'MAIL_CONFIG', config: { ...MAIL.config, password: 'n3w-smtp-pass' } }]);
  });
});
