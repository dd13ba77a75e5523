import { afterAll, beforeAll } from 'vitest';
import * as z from 'zod';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { completeKiteLogin } from '../../functions/broker-accounts/sessions/kite-session';
import { createLogger } from '../../functions/platform/logger';
import { startKiteFake, type KiteFake } from '../fakes/kite-fake';
import { dataOf } from './api-answers';
import type { useGateway } from './gateway';
import type { TestUser } from './users';

/** A Kite Connect app's key and secret, as a user enters them to connect a Zerodha account. */
export interface KiteApp {
  readonly api_key: string;
  readonly api_secret: string;
}

/** SBIN at a known price: what the order tests trade on the fake. */
const SBIN = { exchange: 'NSE', tradingsymbol: 'SBIN', instrumentToken: 779521, lastPrice: 812.35 };

/**
 * A Kite Connect fake for this test file, started before its tests with the order path's Kite
 * endpoints pointed at it, and stopped after them. Answers a getter (the fake exists once started).
 */
export function useKiteOrdersFake(app: KiteApp): () => KiteFake {
  let kite: KiteFake | undefined;
  beforeAll(async () => {
    kite = await startKiteFake({ apiKey: app.api_key, apiSecret: app.api_secret, instruments: [SBIN] });
    process.env[BROKER_ENDPOINT_ENV.kiteApi] = kite.url;
    process.env[BROKER_ENDPOINT_ENV.kiteLogin] = 'https://kite.example.test/connect/login';
  });
  afterAll(async () => {
    await kite?.stop();
  });
  return () => kite ?? (() => { throw new Error('the Kite fake is not started yet'); })();
}

/** A Zerodha account of `who`, connected as a user would (its app, the login's request token) and with trading on. */
export async function tradingKiteAccount(api: ReturnType<typeof useGateway>, kite: KiteFake, app: KiteApp, who: TestUser): Promise<string> {
  const post = (path: string, body: unknown) => api.call('POST', path, { token: who.token, body });
  const { account } = dataOf(await post('/users/broker/connectbroker', { broker: 'zerodha', credentials: app }), z.object({ account: brokerAccountSchema }));
  await completeKiteLogin({ frchId: who.user.frch_id, userId: who.user.user_id }, account.broker_id, kite.issueRequestToken(), createLogger());
  dataOf(await post('/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
  return account.broker_id;
}
