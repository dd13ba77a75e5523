import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { MASKED_SECRET, phonePeConfigSchema } from '../../shared/contracts/phonepe-config';
import { paymentContracts } from '../../shared/contracts/payments';
import { getPhonePeConfigItem } from '../../functions/data/payments/phonepe-config-repository';
import { userKeys } from '../../functions/data/keys';
import { loadPhonePeSettings } from '../../functions/payments/phonepe-settings';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { usePhonePeFranchise } from '../support/phonepe-franchise';

/**
 * The broker panel's PhonePe settings (spec §7 getphonepeconfigs / updatephonepeconfigs, §8 config
 * calls answer status false with msg): broker-panel role only, secrets sealed at rest and answered
 * masked, kept when a save leaves them blank, an activity entry per save without any secret.
 */
const api = useGateway();
const franchise = usePhonePeFranchise(api);

const GET = '/users/brokerpanelconfigs/getphonepeconfigs';
const UPDATE = '/users/brokerpanelconfigs/updatephonepeconfigs';

describe('PhonePe settings', () => {
  it('refuses everyone but the broker panel (403), white-label users too', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const whiteLabel = await f.newUser({ is_white_label: true, can_add_subuser: true });
    for (const who of [trader, whiteLabel]) {
      expectError(await f.call('GET', GET, { token: who.token }), 403);
      const refused = await f.call('POST', UPDATE, { token: who.token, body: f.settings() });
      expectError(refused, 403);
      expect((refused.body as { msg?: string }).msg, 'config calls answer msg (spec §8)').toBeTruthy();
    }
    expect(await getPhonePeConfigItem(f.frchId)).toBeNull();
  });

  it('answers defaults before the first save, with the webhook URL to give PhonePe', async () => {
    const f = franchise();
    const view = dataOf(await f.call('GET', GET, { token: f.admin.token }), phonePeConfigSchema);
    expect(view).toMatchObject({ configured: false, enabled: false, environment: 'SANDBOX', client_secret: '', client_secret_set: false, min_amount: 1, max_amount: 100000 });
    expect(view.webhook_url).toBe(`http://${f.host}/api/v4/payment/webhook/phonepe/${f.frchId}`);
  });

  it('checks the fields, answering status false with msg', async () => {
    const f = franchise();
    const cases: [Record<string, unknown>, string][] = [
      [{ webhook_username: 'abc' }, 'webhook_username'],
      [{ webhook_password: 'lettersonly' }, 'webhook_password'],
      [{ client_version: 0 }, 'client_version'],
      [{ environment: 'LIVE' }, 'environment'],
      [{ client_id: 'has spaces' }, 'client_id'],
      [{ min_amount: 500, max_amount: 100 }, 'min_amount'],
      [{ min_amount: 0.5 }, 'min_amount'],
      [{ max_amount: 10.255 }, 'max_amount'],
      // Refused secrets are not echoed back (the canary check at the end of the next test reads every answer).
      [{ webhook_password: `${f.webhookPassword} x` }, 'webhook_password'],
      [{ client_secret: f.clientSecret.repeat(10) }, 'client_secret'],
    ];
    for (const [overrides, field] of cases) {
      const answer = await f.call('POST', UPDATE, { token: f.admin.token, body: f.settings(overrides) });
      const error = expectError(answer, 400);
      expect(error.details?.map((d) => d.path) ?? [], JSON.stringify(overrides)).toContain(field);
      expect((answer.body as { msg?: string }).msg).toBe(error.message);
    }
    // Turning PhonePe on needs both secrets; a switched-off draft may be saved without them.
    const missing = expectError(await f.call('POST', UPDATE, { token: f.admin.token, body: f.settings({ client_secret: '', webhook_password: '' }) }), 400);
    expect(missing.details?.map((d) => d.path)).toEqual(['client_secret', 'webhook_password']);
    expect(await getPhonePeConfigItem(f.frchId)).toBeNull();
  });

  it('seals the secrets, answers them masked, keeps them when left blank, and logs an activity without them', async () => {
    const f = franchise();
    const draft = dataOf(await f.call('POST', UPDATE, { token: f.admin.token, body: f.settings({ client_secret: '', webhook_password: '', enabled: false }) }), phonePeConfigSchema);
    expect(draft).toMatchObject({ configured: true, enabled: false, client_secret: '', client_secret_set: false, webhook_password_set: false });

    const saved = dataOf(await f.call('POST', UPDATE, { token: f.admin.token, body: f.settings({ min_amount: 10, max_amount: 5000 }) }), phonePeConfigSchema);
    expect(saved).toMatchObject({ enabled: true, client_id: f.clientId, client_secret: MASKED_SECRET, client_secret_set: true, webhook_password: MASKED_SECRET, webhook_password_set: true, min_amount: 10, max_amount: 5000 });

    const stored = await getPhonePeConfigItem(f.frchId);
    expect(stored?.v).toBe(2);
    expect(Object.keys(stored?.sealed ?? {}).sort()).toEqual(['client_secret', 'webhook_password']);
    expect(JSON.stringify(stored)).not.toContain(f.clientSecret);
    expect(JSON.stringify(stored)).not.toContain(f.webhookPassword);

    // Blank and masked values keep the stored secrets: the same ciphertexts, still opening to the same values.
    const sealedBefore = stored?.sealed;
    dataOf(await f.call('POST', UPDATE, { token: f.admin.token, body: f.settings({ client_secret: '', webhook_password: MASKED_SECRET, client_version: 2, min_amount: 10, max_amount: 5000 }) }), phonePeConfigSchema);
    const kept = await getPhonePeConfigItem(f.frchId);
    expect(kept?.sealed).toEqual(sealedBefore);
    const opened = await loadPhonePeSettings(f.frchId);
    expect(opened).toMatchObject({ clientSecret: f.clientSecret, webhookPassword: f.webhookPassword, clientVersion: 2, minPaise: 1000, maxPaise: 500000 });
    // Put back what the fake merchant knows.
    dataOf(await f.call('POST', UPDATE, { token: f.admin.token, body: f.settings() }), phonePeConfigSchema);

    const read = dataOf(await f.call('GET', GET, { token: f.admin.token }), phonePeConfigSchema);
    expect(read).toMatchObject({ client_secret: MASKED_SECRET, webhook_password: MASKED_SECRET, min_amount: 1, max_amount: 100000 });

    const { Items = [] } = await dynamo().send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :act)',
        ExpressionAttributeValues: { ':pk': userKeys.partition(f.frchId, f.admin.user.user_id), ':act': 'ACT#' },
      }),
    );
    const saves = Items.filter((item) => item.operation === 'users.brokerpanelconfigs.updatephonepeconfigs');
    expect(saves).toHaveLength(4);
    expect(saves.every((item) => item.action === 'Updated PhonePe settings')).toBe(true);
    expect(JSON.stringify(Items)).not.toContain(f.clientSecret);
    for (const answer of f.answers) {
      expect(answer).not.toContain(f.clientSecret);
      expect(answer).not.toContain(f.webhookPassword);
    }
  });

  it('offers PhonePe to the franchise traders, with its limits, only while it is on', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const options = async () => dataOf(await f.call('GET', '/payment/getpaymentoptions', { token: trader.token }), paymentContracts.getPaymentOptions.response).methods;
    dataOf(await f.call('POST', UPDATE, { token: f.admin.token, body: f.settings({ enabled: false, min_amount: 50 }) }), phonePeConfigSchema);
    // No receiving account saved here: bank transfers are listed, switched off.
    const bank = { payment_api: 'BANK', enabled: false, min_amount: 1, max_amount: 100000 };
    expect(await options()).toEqual([{ payment_api: 'PHONEPE', enabled: false, min_amount: 50, max_amount: 100000 }, bank]);
    dataOf(await f.call('POST', UPDATE, { token: f.admin.token, body: f.settings() }), phonePeConfigSchema);
    expect(await options()).toEqual([{ payment_api: 'PHONEPE', enabled: true, min_amount: 1, max_amount: 100000 }, bank]);
  });
});
