import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { AccountEgress } from '../../functions/data/broker-accounts-repository';
import { sharedEgressAgentPool } from '../../functions/broker-adapters/http/egress-agents';
import { EGRESS_ENV } from '../../functions/platform/config';
import { startEgressProxy } from '../../functions/platform/egress/egress-proxy-server';
import type { ChildAccountSetting } from './kite-children';

export interface SlotEgress {
  /** Child i's binding: its own loopback slot 127.0.0.(2+i) on the proxy (at most 253 children). */
  readonly bindChild: ChildAccountSetting;
  stop(): Promise<void>;
}

/** An in-process egress proxy and one loopback slot per child account, as the local runtime runs them. */
export async function startSlotEgress(): Promise<SlotEgress> {
  process.env[EGRESS_ENV.secret] ??= randomBytes(32).toString('base64url');
  const proxy = await startEgressProxy({ host: '127.0.0.1', port: 0, secret: process.env[EGRESS_ENV.secret] ?? '', allowedHosts: ['127.0.0.1:*'] });
  return {
    bindChild: (index) => {
      if (index > 252) throw new Error('loopback slots run out after 253 children');
      const address = `127.0.0.${2 + index}`;
      const egress: AccountEgress = { ip_id: ulid(), address, bind_address: address, proxy_url: proxy.url, version: 'IPv4', registration: 'register-yourself', registration_error: null };
      return { egress };
    },
    async stop() {
      sharedEgressAgentPool.destroyAll();
      await proxy.stop();
    },
  };
}
