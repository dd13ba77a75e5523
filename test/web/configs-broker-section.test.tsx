import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '../../shared/contracts/config-groups/config-group';
import type { ConfigGroupView } from '../../shared/contracts/panel-configs';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const A = '/api/v4';
const SAVE = `POST ${A}/users/brokerpanelconfigs/updateconfigs`;
const REDIRECT_URL = 'https://trade.sharma.example/platform/dematconnected';
const BROKER_PANEL = profileFixture({ user_id: 2, email: 'owner@sharma.example', is_brokerpanel: true, is_white_label: false, can_add_subuser: false, is_ip_enable: false });

type BrokerView = Extract<ConfigGroupView, { config_type: 'BROKER_CONFIG' }>;
const brokerView = (overrides: Partial<BrokerView> = {}): BrokerView => ({
  config_type: 'BROKER_CONFIG',
  title: 'Brokers',
  editable: true,
  configured: true,
  config: {
    allowed_brokers: ['zerodha', 'upstox', 'dhan'],
    kite_api_key: 'sharmakite01',
    kite_api_secret: MASKED_SECRET,
    upstox_api_key: '',
    upstox_api_secret: '',
    fyers_app_id: '',
    fyers_app_secret: '',
    algo_ids: { zerodha: 'ALGO42', angelone: '', upstox: '', fyers: '', dhan: '' },
  },
  secrets_set: { kite_api_secret: true, upstox_api_secret: false, fyers_app_secret: false },
  updated_at: '2026-11-21T08:35:09.000Z',
  updated_by: 2,
  ...overrides,
});

/** Signs in as the broker panel; the configs read answers `view`; a save answers the group as sent, the secrets masked. */
function signIn(view: BrokerView) {
  const saves: { config: Record<string, unknown> }[] = [];
  saveSession(validToken({ user_id: BROKER_PANEL.user_id, frch_id: 3 }), BROKER_PANEL);
  stubFetch({
    [`GET ${A}/users/getuserprofile`]: () => jsonResponse(successBody(BROKER_PANEL)),
    [`POST ${A}/users/getusernotifications`]: () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 })),
    [`GET ${A}/users/brokerpanelconfigs/getbrokerpanelconfigs`]: () => jsonResponse(successBody({ groups: [view] })),
    [`GET ${A}/users/brokerpanelconfigs/getallowedbrokers`]: () => jsonResponse(successBody({ brokers: [], redirect_url: REDIRECT_URL })),
    [SAVE]: async (request) => {
      const body = (await request.json()) as { config: Record<string, unknown> };
      saves.push(body);
      return jsonResponse(successBody({ ...view, config: { ...body.config, kite_api_secret: MASKED_SECRET } }, 'Brokers settings saved'));
    },
  });
  return saves;
}

const brokerSection = () => screen.findByRole('region', { name: 'Brokers' });

describe('Brokers section', () => {
  afterEach(resetWebTestState);

  it('shows the brokers offered, the Kite app with its secret masked, the redirect URL to copy and the algo ids', async () => {
    signIn(brokerView());
    renderApp('/configs');
    const section = await brokerSection();
    const box = (name: string) => within(section).getByLabelText(name) as HTMLInputElement;
    expect(box('Zerodha Kite').checked).toBe(true);
    expect(box('Upstox').checked).toBe(true);
    expect(box('Fyers').checked).toBe(false);
    expect(box('Zerodha Kite app: API key').value).toBe('sharmakite01');
    expect(box('Zerodha Kite app: API secret').value).toBe(MASKED_SECRET);
    expect(within(section).getByRole('button', { name: 'Replace zerodha kite app: api secret' })).toBeTruthy();
    expect((await within(section).findByLabelText('Redirect URL to register in each broker app')).textContent).toBe(REDIRECT_URL);
    expect(within(section).getByText('Paper trading is always offered.', { exact: false })).toBeTruthy();
    expect(box('Zerodha Kite algo id').value).toBe('ALGO42');
  });

  it('saves a broker switched off and an app added, keeping the stored Kite secret (the mask goes back)', async () => {
    const saves = signIn(brokerView());
    renderApp('/configs');
    const section = await brokerSection();
    fireEvent.click(within(section).getByLabelText('Upstox'));
    fireEvent.change(within(section).getByLabelText('Fyers app: App ID'), { target: { value: 'ABCD1234-100' } });
    fireEvent.change(within(section).getByLabelText('Fyers app: App secret'), { target: { value: 'fyerssecret99' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.config).toMatchObject({
      allowed_brokers: ['zerodha', 'dhan'],
      kite_api_secret: MASKED_SECRET,
      fyers_app_id: 'ABCD1234-100',
      fyers_app_secret: 'fyerssecret99',
    });
    expect(await screen.findByText('Brokers settings saved.')).toBeTruthy();
  });

  it('refuses to send when no broker is left on', async () => {
    const saves = signIn(brokerView({ config: { ...brokerView().config!, allowed_brokers: ['dhan'] } }));
    renderApp('/configs');
    const section = await brokerSection();
    fireEvent.click(within(section).getByLabelText('Dhan'));
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Offer at least one broker.')).toBeTruthy();
    expect(saves).toHaveLength(0);
  });
});
