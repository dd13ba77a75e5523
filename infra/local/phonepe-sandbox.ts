import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { getPhonePeConfigItem } from '../../functions/data/payments/phonepe-config-repository';
import { PHONEPE_ENDPOINT_ENV } from '../../functions/payments/phonepe/phonepe-endpoints';
import { savePhonePeConfig } from '../../functions/payments/phonepe-config';
import { phonePeWebhookUrl } from '../../functions/payments/payment-urls';
import { now } from '../../functions/platform/clock';
import { startPhonePeFake } from '../../test/fakes/phonepe-fake';

/** The sandbox merchant's credentials, made once per data folder (the fake and the stored settings share them). */
const credentialsSchema = z.object({ clientId: z.string(), clientSecret: z.string(), webhookUsername: z.string(), webhookPassword: z.string() });

function sandboxCredentials(dataDir: string): z.infer<typeof credentialsSchema> {
  const file = join(dataDir, 'secrets', 'phonepe-sandbox.json');
  if (existsSync(file)) return credentialsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const credentials = {
    clientId: 'LOCALSANDBOX',
    clientSecret: randomBytes(24).toString('base64url'),
    webhookUsername: 'tb_local',
    webhookPassword: `pw${randomBytes(6).toString('hex')}`,
  };
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

export interface PhonePeSandbox {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * One machine's PhonePe: the HTTP fake of PhonePe's v2 API (test/fakes/phonepe-fake.ts) on its own port,
 * the adapter's sandbox host pointed at it, and — on a franchise without PhonePe settings — sandbox
 * settings for it, switched on. Its checkout page lets a person pick success, failure or "pending then
 * success"; its webhooks come to this runtime's API, twice each, as PhonePe's may.
 */
export async function startPhonePeSandbox(options: { readonly dataDir: string; readonly host: string; readonly apiOrigin: string; readonly frchId: number }): Promise<PhonePeSandbox> {
  const credentials = sandboxCredentials(options.dataDir);
  const webhookUrl = phonePeWebhookUrl(options.apiOrigin, options.frchId);
  const fake = await startPhonePeFake({
    host: options.host === '0.0.0.0' ? '127.0.0.1' : options.host,
    merchants: [
      {
        clientId: credentials.clientId,
        clientSecret: credentials.clientSecret,
        clientVersion: 1,
        webhook: { url: webhookUrl, username: credentials.webhookUsername, password: credentials.webhookPassword },
      },
    ],
    pendingThenSuccessMs: 8000,
  });
  process.env[PHONEPE_ENDPOINT_ENV.sandbox] = fake.url;
  if (!(await getPhonePeConfigItem(options.frchId))) {
    await savePhonePeConfig(
      options.frchId,
      0,
      {
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        client_version: 1,
        webhook_username: credentials.webhookUsername,
        webhook_password: credentials.webhookPassword,
        environment: 'SANDBOX',
        enabled: true,
      },
      webhookUrl,
      now(),
    );
  }
  return { url: fake.url, stop: () => fake.stop() };
}
