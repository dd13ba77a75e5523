import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_CONFIGS } from '../../shared/contracts/config-groups/payment-configs';
import { panelConfigContracts, type ConfigGroupView } from '../../shared/contracts/panel-configs';
import { paymentContracts } from '../../shared/contracts/payments';
import { userContracts } from '../../shared/contracts/user';
import { listPanelConfigHistory } from '../../functions/data/panel-configs/panel-config-repository';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { usePhonePeFranchise, type PhonePeFranchise } from '../support/phonepe-franchise';
import { createTestUser, type TestUser } from '../support/users';

/**
 * The broker panel's config groups (issue 18, spec §7 getbrokerpanelconfigs / updateconfigs): one group at a
 * time, each by its own schema; the broker panel edits every group, a white-label user its brand; every
 * save keeps the previous version and names the fields it changed in the activity log; PAYMENT_CONFIGS is
 * in effect (the methods and limits a trader is offered and held to). The file runs in a franchise of its
 * own, since its settings change what the franchise's traders may do.
 */
const api = useGateway();
const franchise = usePhonePeFranchise(api, { configure: true });

const ORG = {
  organisation_name: 'Bridge Traders LLP',
  address: '12 Dalal Street, Mumbai',
  support_email: 'help@bridge.example',
  support_phone: '+91 22 4000 1234',
  gstin: '27aapfu0939f1zv',
  website: 'https://bridge.example',
  terms_url: '',
  privacy_url: 'https://bridge.example/privacy',
  twitter_url: '',
  telegram_url: '',
  youtube_url: '',
  instagram_url: '',
};

const read = async (f: PhonePeFranchise, who: TestUser, only?: string) =>
  dataOf(await f.call('GET', `/users/brokerpanelconfigs/getbrokerpanelconfigs${only ? `?config_type=${only}` : ''}`, { token: who.token }), panelConfigContracts.getBrokerPanelConfigs.response).groups;
const save = (f: PhonePeFranchise, who: TestUser, body: unknown) => f.call('POST', '/users/brokerpanelconfigs/updateconfigs', { token: who.token, body });
const groupOf = (groups: ConfigGroupView[], type: ConfigGroupView['config_type']) => groups.find((group) => group.config_type === type);
const optionsOf = async (f: PhonePeFranchise, who: TestUser) => dataOf(await f.call('GET', '/payment/getpaymentoptions', { token: who.token }), paymentContracts.getPaymentOptions.response).methods;

describe('getbrokerpanelconfigs / updateconfigs', () => {
  it('shows the broker panel every group (defaults before a save), saves one, keeps the previous version and logs the fields changed', async () => {
    const f = franchise();
    const before = await read(f, f.admin);
    expect(groupOf(before, 'PAYMENT_CONFIGS')).toMatchObject({ configured: false, editable: true, config: DEFAULT_PAYMENT_CONFIGS, updated_at: null });
    expect(groupOf(before, 'ORG_CONFIG')).toMatchObject({ configured: false, editable: true, config: null });

    const saved = dataOf(await save(f, f.admin, { config_type: 'ORG_CONFIG', config: ORG }), panelConfigContracts.updateConfigs.response);
    expect(saved).toMatchObject({ config_type: 'ORG_CONFIG', configured: true, updated_by: f.admin.user.user_id, config: { ...ORG, gstin: '27AAPFU0939F1ZV' } });
    const again = dataOf(await save(f, f.admin, { config_type: 'ORG_CONFIG', config: { ...ORG, support_phone: '+91 22 4000 9999' } }), panelConfigContracts.updateConfigs.response);
    expect(again.config).toMatchObject({ support_phone: '+91 22 4000 9999' });
    // Saving the same again changes nothing and writes no version.
    expect((await save(f, f.admin, { config_type: 'ORG_CONFIG', config: { ...ORG, support_phone: '+91 22 4000 9999' } })).body).toMatchObject({ status: true, result: 'Organisation settings unchanged' });
    const history = await listPanelConfigHistory(f.frchId, 'ORG_CONFIG');
    expect(history.map((version) => [version.v, version.values.support_phone])).toEqual([[1, '+91 22 4000 1234']]);
    expect(await read(f, f.admin, 'ORG_CONFIG')).toEqual([expect.objectContaining({ config_type: 'ORG_CONFIG', config: expect.objectContaining({ support_phone: '+91 22 4000 9999' }) })]);
    const activities = dataOf(await f.call('POST', '/users/getuseractivities', { token: f.admin.token, body: { limit: 20 } }), userContracts.getUserActivities.response).items;
    expect(activities.map((entry) => entry.action)).toEqual(expect.arrayContaining(['Updated panel configs: ORG_CONFIG (support_phone)']));
  });

  it('lets a white-label user edit its brand (ORG_CONFIG, LOGO_CONFIG) only: the other groups are not shown, and saving one is 403', async () => {
    const f = franchise();
    const whiteLabel = await f.newUser({ is_white_label: true });
    const groups = await read(f, whiteLabel);
    expect(groups.map((group) => group.config_type)).toContain('ORG_CONFIG');
    expect(groups.map((group) => group.config_type)).not.toContain('PAYMENT_CONFIGS');
    expect(groups.every((group) => group.editable)).toBe(true);
    expect((await save(f, whiteLabel, { config_type: 'ORG_CONFIG', config: ORG })).status).toBe(200);
    const refused = await save(f, whiteLabel, { config_type: 'PAYMENT_CONFIGS', config: DEFAULT_PAYMENT_CONFIGS });
    expectError(refused, 403, 'Only the broker panel may change the Payments settings.');
    expect(refused.body).toMatchObject({ status: false, msg: 'Only the broker panel may change the Payments settings.' });
    const trader = await f.newUser();
    expectError(await save(f, trader, { config_type: 'ORG_CONFIG', config: ORG }), 403);
    expectError(await f.call('GET', '/users/brokerpanelconfigs/getbrokerpanelconfigs', { token: trader.token }), 403);
  });

  it("never shows or changes another franchise's configs", async () => {
    const f = franchise();
    await save(f, f.admin, { config_type: 'ORG_CONFIG', config: { ...ORG, organisation_name: 'Only Mine Ltd' } });
    const otherPanel = await createTestUser({ roles: { is_brokerpanel: true } });
    const theirs = dataOf(await api.call('GET', '/users/brokerpanelconfigs/getbrokerpanelconfigs', { token: otherPanel.token }), panelConfigContracts.getBrokerPanelConfigs.response).groups;
    expect(JSON.stringify(theirs)).not.toContain('Only Mine Ltd');
  });

  it('refuses bad input with status false and msg, saving nothing', async () => {
    const f = franchise();
    const bad: unknown[] = [
      { config_type: 'NOPE_CONFIG', config: {} },
      { config_type: 'ORG_CONFIG', config: { ...ORG, gstin: '27AAPFU0939F1Z' } },
      { config_type: 'ORG_CONFIG', config: { ...ORG, support_email: 'not-an-email' } },
      { config_type: 'ORG_CONFIG', config: { ...ORG, website: 'ftp://bridge.example' } },
      { config_type: 'ORG_CONFIG', config: { ...ORG, min_topup: 5 } },
      { config_type: 'PAYMENT_CONFIGS', config: { ...DEFAULT_PAYMENT_CONFIGS, min_topup: 600, max_topup: 500 } },
      { config_type: 'PAYMENT_CONFIGS', config: { ...DEFAULT_PAYMENT_CONFIGS, default_referral_percent: 100.5 } },
      { config_type: 'PAYMENT_CONFIGS', config: { ...DEFAULT_PAYMENT_CONFIGS, min_topup: 0.001 } },
      { config: ORG },
    ];
    for (const body of bad) {
      const answer = await save(f, f.admin, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ status: false, msg: expect.any(String) });
    }
    expect(groupOf(await read(f, f.admin), 'PAYMENT_CONFIGS')?.configured).toBe(false);
  });
});

describe('PAYMENT_CONFIGS in effect', () => {
  it('offers only the methods switched on, within the top-up limits, and refuses the others server-side', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const bank = { account_name: 'Bridge Traders LLP', account_number: '50100012345678', ifsc: 'HDFC0001234', bank_name: 'HDFC Bank', branch: 'Fort', upi_id: '' };
    expect((await f.call('POST', '/users/brokerpanelconfigs/updatebankdetails', { token: f.admin.token, body: bank })).status).toBe(200);
    expect(await optionsOf(f, trader)).toEqual([
      expect.objectContaining({ payment_api: 'PHONEPE', enabled: true }),
      expect.objectContaining({ payment_api: 'BANK', enabled: true, min_amount: 1 }),
    ]);
    const config = { ...DEFAULT_PAYMENT_CONFIGS, phonepe_enabled: false, min_topup: 200, max_topup: 5_000 };
    expect((await save(f, f.admin, { config_type: 'PAYMENT_CONFIGS', config })).status).toBe(200);
    expect(await optionsOf(f, trader)).toEqual([
      expect.objectContaining({ payment_api: 'PHONEPE', enabled: false }),
      { payment_api: 'BANK', enabled: true, min_amount: 200, max_amount: 5_000 },
    ]);
    expectError(await f.call('POST', '/payment/makepayment', { token: trader.token, body: { amount: 500 } }), 422, 'Payments by PhonePe are not available. Please contact your broker.');
    const claim = (amount_paise: number, utr: string) => f.call('POST', '/payment/submitbanktransfer', { token: trader.token, body: { amount_paise, utr } });
    expectError(await claim(19_999, `CFG${f.frchId}AAAA01`), 422, 'The amount must be at least ₹200.00.');
    expectError(await claim(5_00_001, `CFG${f.frchId}AAAA02`), 422, 'The amount must be at most ₹5,000.00.');
    expect((await claim(20_000, `CFG${f.frchId}AAAA03`)).status).toBe(200);
    expect((await save(f, f.admin, { config_type: 'PAYMENT_CONFIGS', config: { ...config, bank_enabled: false } })).status).toBe(200);
    expectError(await claim(20_000, `CFG${f.frchId}AAAA04`), 422, 'Bank transfers are not available. Please contact your broker.');
  });
});
