import { brokerContracts } from '../../shared/contracts/broker';
import type { Instrument } from '../../shared/domain/instruments';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { completeKiteLogin } from '../../functions/broker-accounts/sessions/kite-session';
import { createLogger } from '../../functions/platform/logger';
import { startKiteFake, type KiteFake } from '../fakes/kite-fake';
import type { TestUser } from '../support/users';
import type { BenchApi } from './bench-api';
import { enableTrading } from './bench-orders';

/** The Kite Connect app of the bench user (the fake checks the request-token checksum with these). */
const KITE_APP = { api_key: 'kitebenchkey1234', api_secret: 'kiteBenchSecret0123456789abcdefgh' };

export interface BenchKite {
  readonly fake: KiteFake;
  /** A Zerodha account of `who`, connected through Kite's redirect flow, trading on. */
  tradingAccount(api: BenchApi, who: TestUser): Promise<string>;
  /** Stops the fake and points the adapters back where they pointed before. */
  stop(): Promise<void>;
}

/**
 * A Kite Connect fake listing the bench instruments, with the Zerodha adapters pointed at it through
 * the same variables the local runtime uses (no code branch). One fake = one broker host, so every
 * account shares one keep-alive agent, as accounts share api.kite.trade in production.
 */
export async function startBenchKite(instruments: readonly Instrument[]): Promise<BenchKite> {
  const fake = await startKiteFake({
    apiKey: KITE_APP.api_key,
    apiSecret: KITE_APP.api_secret,
    // Equities: Kite spells them as the platform does; the token and price only need to be stable.
    instruments: instruments.map((instrument, index) => ({ exchange: instrument.exchange, tradingsymbol: instrument.trading_symbol, instrumentToken: 700_001 + index, lastPrice: 500 })),
    availableCash: 10_000_000,
  });
  const previous = { api: process.env[BROKER_ENDPOINT_ENV.kiteApi], login: process.env[BROKER_ENDPOINT_ENV.kiteLogin] };
  process.env[BROKER_ENDPOINT_ENV.kiteApi] = fake.url;
  process.env[BROKER_ENDPOINT_ENV.kiteLogin] = 'https://kite.example.test/connect/login';
  const restore = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  return {
    fake,
    async tradingAccount(api, who) {
      const { account } = await api.data(brokerContracts.connectBroker, who.token, { broker: 'zerodha', credentials: KITE_APP });
      // The redirect's end: Kite sent a request_token back to /dematconnected; the platform exchanges it.
      await completeKiteLogin({ frchId: who.user.frch_id, userId: who.user.user_id }, account.broker_id, fake.issueRequestToken(), createLogger());
      await enableTrading(api, who.token, account.broker_id);
      return account.broker_id;
    },
    async stop() {
      await fake.stop();
      restore(BROKER_ENDPOINT_ENV.kiteApi, previous.api);
      restore(BROKER_ENDPOINT_ENV.kiteLogin, previous.login);
    },
  };
}

/**
 * A steady network delay on the order path's two Kite calls (the place, then the order-book read
 * that follows an accepted order): the fake holds each answer `ms` before replying, `count` times.
 */
export function delayOrderCalls(fake: KiteFake, ms: number, count: number): void {
  for (let n = 0; n < count; n += 1) {
    fake.inject('place', { kind: 'latency', ms });
    fake.inject('orders', { kind: 'latency', ms });
  }
}
