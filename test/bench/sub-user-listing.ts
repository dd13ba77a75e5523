import '../../infra/local/quiet-sdk';
import { randomInt, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { subUserContracts } from '../../shared/contracts/subusers';
import { createSubUser } from '../../functions/data/sub-users/sub-users-repository';
import { createUser, NEW_USER_DEFAULTS } from '../../functions/data/users-repository';
import { issueToken } from '../../functions/platform/auth/tokens';
import { createBenchApi } from './bench-api';
import { startBenchPlatform } from './bench-platform';
import { summariseLatency, type LatencySummary } from './latency-summary';

/**
 * Issue 19's listing figure: `getsubusers` for a parent with 5,000 sub-users, through the gateway, one
 * request at a time: the first page and one at the end (offset paging; the parent's kept count is the total),
 * and a search (name, email or mobile fragment) that filters the whole list. The sub-users are written as
 * `addsubuser` writes them (`createSubUser`: profile with the parent, its GSI3 entry, the parent's count)
 * but without the welcome mails.
 * Run alone: `node --import tsx test/bench/sub-user-listing.ts`.
 */
export interface SubUserListingFigures {
  readonly subUsers: number;
  readonly seedMs: number;
  readonly firstPage: LatencySummary;
  readonly deepPage: LatencySummary;
  readonly search: LatencySummary;
  readonly errors: number;
}

const SUB_USERS = 5_000;
const SAMPLES = 100;
const SEED_CONCURRENCY = 32;

async function newUser(frchId: number, label: string, parentId: number | null, canAddSubUsers = false) {
  return createUser({
    frch_id: frchId,
    email: `${label}-${randomUUID()}@bench.local`,
    first_name: 'Bench',
    last_name: label,
    mobile_no: `7${String(randomInt(0, 1e9)).padStart(9, '0')}`,
    ...NEW_USER_DEFAULTS,
    parent_user_id: parentId,
    can_add_subuser: canAddSubUsers,
    password_hash: 'not-a-password-hash',
  });
}

async function seedSubUsers(frchId: number, parentId: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < SUB_USERS) {
      next += 1;
      const label = `sub${next}`;
      const outcome = await createSubUser(
        { frchId, userId: parentId },
        { first_name: 'Bench', last_name: label, email: `${label}-${randomUUID()}@bench.local`, mobile_no: `7${String(randomInt(0, 1e9)).padStart(9, '0')}` },
      );
      if (outcome.kind !== 'created') throw new Error(`sub-user not created: ${outcome.kind}`);
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
}

export async function measureSubUserListing(baseUrl: string): Promise<SubUserListingFigures> {
  const api = createBenchApi(baseUrl);
  try {
    const parent = await newUser(1, 'parent', null, true);
    const seedStarted = performance.now();
    await seedSubUsers(1, parent.user_id);
    const seedMs = performance.now() - seedStarted;
    const { token } = await issueToken(parent.user_id, 1);
    let errors = 0;
    const timed = async (body: Record<string, unknown>, expectTotal: (total: number) => boolean) => {
      const timings: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) {
        const answer = await api.call(subUserContracts.getSubUsers, token, body);
        if (answer.data === null || !expectTotal(answer.data.total)) errors += 1;
        timings.push(answer.ms);
      }
      return summariseLatency(timings);
    };
    const firstPage = await timed({ offset: 0, limit: 20 }, (total) => total === SUB_USERS);
    const deepPage = await timed({ offset: SUB_USERS - 40, limit: 20 }, (total) => total === SUB_USERS);
    // "sub12" names sub12, sub120…sub129, sub1200…sub1299: 111 of the 5,000.
    const search = await timed({ search: 'sub12', offset: 0, limit: 20 }, (total) => total > 0 && total < SUB_USERS);
    return { subUsers: SUB_USERS, seedMs, firstPage, deepPage, search, errors };
  } finally {
    api.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const platform = await startBenchPlatform();
  try {
    console.log(JSON.stringify(await measureSubUserListing(platform.url), null, 2));
  } finally {
    await platform.stop();
  }
  process.exit(0);
}
