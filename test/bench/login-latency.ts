import { authContracts } from '../../shared/contracts/auth';
import { createTestUser } from '../support/users';
import { createBenchApi } from './bench-api';
import type { BenchPlatform } from './bench-platform';
import { summariseLatency, type LatencySummary } from './latency-summary';

/**
 * Login latency (issue 14): `POST /auth/userlogin` with the right password, through the local gateway —
 * captcha off, the failure budgets, the user read, Argon2id verification and the token. Idle: one login
 * at a time; loaded: rounds of 20 logins at once (20 users, so no account budget is shared).
 */
export interface LoginFigures {
  readonly idle: LatencySummary;
  readonly concurrent: LatencySummary;
  readonly concurrency: number;
  readonly errors: number;
}

const IDLE_LOGINS = 40;
const CONCURRENCY = 20;
const CONCURRENT_ROUNDS = 5;
const WARM_UP = 5;

export async function measureLoginLatency(platform: BenchPlatform): Promise<LoginFigures> {
  const api = createBenchApi(platform.url);
  const users = await Promise.all(Array.from({ length: CONCURRENCY }, () => createTestUser()));
  const logIn = (index: number) => {
    const who = users[index % users.length];
    if (!who) throw new Error('no bench user');
    return api.call(authContracts.userLogin, '', { email: who.user.email, password: who.password });
  };
  let errors = 0;
  const timed = async (index: number) => {
    const answer = await logIn(index);
    if (answer.status !== 200) errors += 1;
    return answer.ms;
  };
  try {
    for (let i = 0; i < WARM_UP; i += 1) await logIn(i);
    const idle: number[] = [];
    for (let i = 0; i < IDLE_LOGINS; i += 1) idle.push(await timed(i));
    const concurrent: number[] = [];
    for (let round = 0; round < CONCURRENT_ROUNDS; round += 1) {
      concurrent.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => timed(i)))));
    }
    return { idle: summariseLatency(idle), concurrent: summariseLatency(concurrent), concurrency: CONCURRENCY, errors };
  } finally {
    api.close();
  }
}
