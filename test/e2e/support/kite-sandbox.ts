import { createServer, type IncomingMessage, type Server } from 'node:http';
import { BROKER_ENDPOINT_ENV } from '../../../functions/broker-accounts/sessions/broker-endpoints';
import { startKiteFake, type KiteFake } from '../../fakes/kite-fake';

/** The Kite Connect app the e2e trader connects with (the fake checks the request-token checksum with these). */
export const E2E_KITE_APP = { api_key: 'kitee2eapikey123', api_secret: 'kiteE2eSecret0123456789abcdefghij' } as const;
/** The Kite user id the fake gives every session: the key of its IP whitelist. */
export const E2E_KITE_USER = 'AB1234';

/** What the Kite fake saw of one place request: where it came from and the order's tag. */
export interface SeenPlace {
  readonly remoteAddress: string;
  readonly tag: string | null;
  readonly refused: boolean;
}

export interface KiteSandbox {
  /** The control server's origin (the e2e files run in other processes than the fake). */
  readonly controlUrl: string;
  stop(): Promise<void>;
}

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/**
 * A Kite Connect fake for the static-IP e2e, with the rule in force (`requireStaticIp`: order calls only
 * from the account's whitelisted addresses), the Zerodha adapters pointed at it through the runtime's
 * variables, and a small control server the test process drives: a login redirect's request token, the
 * user pasting an address into Kite's IP whitelist, and what the fake saw.
 */
export async function startKiteSandbox(): Promise<KiteSandbox> {
  const fake: KiteFake = await startKiteFake({
    apiKey: E2E_KITE_APP.api_key,
    apiSecret: E2E_KITE_APP.api_secret,
    userId: E2E_KITE_USER,
    instruments: [{ exchange: 'NSE', tradingsymbol: 'SBIN', instrumentToken: 779521, lastPrice: 812.35 }],
    availableCash: 1_000_000,
    requireStaticIp: true,
  });
  process.env[BROKER_ENDPOINT_ENV.kiteApi] = fake.url;
  process.env[BROKER_ENDPOINT_ENV.kiteLogin] = 'https://kite.example.test/connect/login';
  const control: Server = createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    void (async () => {
      if (request.method === 'POST' && request.url === '/request-token') return reply(200, { request_token: fake.issueRequestToken() });
      if (request.method === 'POST' && request.url === '/whitelist') {
        const { primary } = JSON.parse(await bodyOf(request)) as { primary: string };
        fake.registerIps(E2E_KITE_USER, { primary });
        return reply(200, { ok: true });
      }
      if (request.method === 'GET' && request.url === '/places') {
        const refusals = new Set(fake.ipRefusals().map((refusal) => refusal.remoteAddress));
        const seen: SeenPlace[] = fake.server.calls
          .filter((call) => call.route === 'place')
          .map((call) => ({ remoteAddress: call.remoteAddress, tag: new URLSearchParams(call.request.body).get('tag'), refused: refusals.has(call.remoteAddress) && !fake.orders().some((order) => order.tag === new URLSearchParams(call.request.body).get('tag')) }));
        return reply(200, seen);
      }
      return reply(404, { error: 'no such control' });
    })().catch((error: unknown) => reply(500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const port = (control.address() as { port: number }).port;
  return {
    controlUrl: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await fake.stop();
    },
  };
}
