import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import type { RoleFlags } from '../../shared/domain/roles';
import { addPoolSlots, type NewPoolSlot } from '../../functions/data/static-ips/static-ips-repository';
import { issueToken } from '../../functions/platform/auth/tokens';
import { now } from '../../functions/platform/clock';
import { resetConfigForTests } from '../../functions/platform/config';
import { moveWallet } from '../../functions/wallet/move-wallet';
import type { ApiAnswer, CallOptions } from './gateway';
import { createTestUser, type TestUser } from './users';

type Api = { call(method: string, path: string, options?: CallOptions): Promise<ApiAnswer> };

/** Someone who calls the API in the pool's franchise (a token issued by the clock of the moment it is asked for). */
export interface PoolActor {
  readonly userId: number;
  token(): Promise<string>;
}

export interface IpFranchise {
  readonly frchId: number;
  readonly host: string;
  readonly admin: PoolActor;
  newUser(roles?: Partial<RoleFlags>): Promise<PoolActor>;
  /** A sub-user added by `parent` through `addsubuser`. */
  addSubUser(parent: PoolActor): Promise<PoolActor>;
  /** Adds `count` free slots of the version (addresses unique to this franchise). */
  addSlots(count: number, version?: 'IPv4' | 'IPv6'): Promise<void>;
  /** Adds these loopback addresses as free slots held by the proxy at `proxyUrl` (egress that really works). */
  addLoopbackSlots(addresses: readonly string[], proxyUrl: string): Promise<void>;
  fund(actor: PoolActor, paise: number): Promise<void>;
  call(actor: PoolActor | null, method: string, path: string, body?: unknown): Promise<ApiAnswer>;
}

/**
 * A franchise of its own for one static-IP test file: a host mapped to it, its broker-panel admin, and a
 * pool no other file sees (franchises 1 and 2 never get free slots from tests).
 */
export function useIpFranchise(api: Api): () => IpFranchise {
  let franchise: IpFranchise | undefined;
  beforeAll(async () => {
    const frchId = 500_000 + randomInt(0, 190_000);
    const host = `ips-${frchId}.localhost`;
    const hosts = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
    process.env[ENV.franchiseHosts] = JSON.stringify({ ...hosts, [host]: frchId });
    resetConfigForTests();
    const actorOf = (userId: number): PoolActor => ({ userId, token: async () => (await issueToken(userId, frchId)).token });
    const actorOfUser = (user: TestUser) => actorOf(user.user.user_id);
    let next = 1;
    const call = async (actor: PoolActor | null, method: string, path: string, body?: unknown) =>
      api.call(method, path, { host, ...(actor ? { token: await actor.token() } : {}), ...(body === undefined ? {} : { body }) });
    franchise = {
      frchId,
      host,
      admin: actorOfUser(await createTestUser({ frchId, roles: { is_brokerpanel: true } })),
      newUser: async (roles = {}) => actorOfUser(await createTestUser({ frchId, roles })),
      async addSubUser(parent) {
        const contact = { first_name: 'Ipa', last_name: 'Sub', email: `ip-sub-${randomUUID()}@test.local`, mobile_no: `6${String(randomInt(0, 1e9)).padStart(9, '0')}` };
        const answer = await call(parent, 'POST', '/users/subusermanagement/addsubuser', contact);
        if (answer.status !== 200) throw new Error(`could not add a sub-user: ${answer.text}`);
        return actorOf((answer.body as { data: { sub_user: { user_id: number } } }).data.sub_user.user_id);
      },
      async addSlots(count, version = 'IPv4') {
        const slots: NewPoolSlot[] = Array.from({ length: count }, () => {
          const n = next++;
          const address = version === 'IPv4' ? `10.${frchId % 250}.${Math.floor(n / 250)}.${(n % 250) + 1}` : `fd00::${frchId.toString(16)}:${n.toString(16)}`;
          return { address, bind_address: address, proxy_url: 'http://127.0.0.1:9', version };
        });
        await addPoolSlots(frchId, slots, now());
      },
      async addLoopbackSlots(addresses, proxyUrl) {
        await addPoolSlots(frchId, addresses.map((address) => ({ address, bind_address: address, proxy_url: proxyUrl, version: address.includes(':') ? 'IPv6' : 'IPv4' })), now());
      },
      async fund(actor, paise) {
        await moveWallet({ owner: { frchId, userId: actor.userId }, direction: 'credit', amountPaise: paise, reason: 'bank_transfer', description: 'Static IP test funds', idempotencyKey: `ip-test-funds#${randomUUID()}` });
      },
      call,
    };
  });
  return () => {
    if (!franchise) throw new Error('the static-IP franchise is set up in beforeAll');
    return franchise;
  };
}
