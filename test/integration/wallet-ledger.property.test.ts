import { randomInt, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { userKeys } from '../../functions/data/keys';
import { createUser, NEW_USER_DEFAULTS } from '../../functions/data/users-repository';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { createWalletMover, NOT_ENOUGH_CREDIT_MESSAGE, KEY_REUSED_MESSAGE, type WalletMover } from '../../functions/wallet/move-wallet';
import { auditWallet } from '../../functions/wallet/wallet-reads';
import { seeded } from '../support/seeded-random';

/**
 * The wallet's ledger always adds up (issue 17): over generated runs of credits, debits, repeats of an
 * earlier movement (same key, same request) and reuses of a key for another request, sent in steps of
 * 1–4 at once through two movers (two processes racing on the wallet), some wallets starting from a
 * balance kept before the wallet: every step's answers are those of SOME order of its movements applied
 * one at a time (moved with the balance after it, the first result for a repeat, 409 for a reused key,
 * 422 for a debit the balance does not cover); at the end balance = Σ ledger, no entry ever below zero,
 * one entry per key that moved. Seeded: a failing run is found again from its index.
 */
const RUNS = 200;
const LANES = 8;
const SEED = 0x5eed_0017;


interface Op {
  readonly direction: 'credit' | 'debit';
  readonly amountPaise: number;
  readonly key: string;
  readonly mover: number;
}

interface Plan {
  /** A balance in rupees kept on the user item before the wallet (0: a new user's wallet). */
  readonly preWalletRupees: number;
  readonly steps: readonly (readonly Op[])[];
}

function planOf(run: number, random: () => number): Plan {
  const int = (max: number) => Math.floor(random() * (max + 1));
  const ops: Op[] = [];
  const count = 5 + int(6);
  for (let index = 0; index < count; index += 1) {
    const earlier = ops.length > 0 ? ops[int(ops.length - 1)] : undefined;
    const roll = random();
    const mover = int(1);
    if (earlier && roll < 0.25) ops.push({ ...earlier, mover });
    else if (earlier && roll < 0.35) ops.push(random() < 0.5 ? { ...earlier, amountPaise: earlier.amountPaise + 1, mover } : { ...earlier, direction: earlier.direction === 'credit' ? 'debit' : 'credit', mover });
    else ops.push({ direction: random() < 0.45 ? 'credit' : 'debit', amountPaise: 1 + int(random() < 0.2 ? 60_000 : 9_999), key: `bank-transfer#run${run}-op${index}`, mover });
  }
  const steps: Op[][] = [];
  for (let index = 0; index < ops.length; ) {
    const size = 1 + int(3);
    steps.push(ops.slice(index, index + size));
    index += size;
  }
  return { preWalletRupees: random() < 0.25 ? int(200) + int(99) / 100 : 0, steps };
}

type Answer = { readonly kind: 'moved'; readonly balanceAfter: number; readonly entryId: string } | { readonly kind: 'replayed'; readonly entryId: string } | { readonly kind: '409' | '422' };

interface Model {
  balance: number;
  readonly keys: Map<string, { readonly fingerprint: string; readonly entryId: string }>;
}

const fingerprintOf = (op: Op) => `${op.direction}|${op.amountPaise}`;

/** The answers a serial wallet gives to these ops in this order (the ids of moved entries taken from what was seen). */
function serially(model: Model, ordered: readonly { op: Op; seen: Answer }[]): Model | null {
  const next: Model = { balance: model.balance, keys: new Map(model.keys) };
  for (const { op, seen } of ordered) {
    const used = next.keys.get(op.key);
    if (used) {
      const expected = used.fingerprint === fingerprintOf(op) ? 'replayed' : '409';
      if (seen.kind !== expected || (seen.kind === 'replayed' && seen.entryId !== used.entryId)) return null;
    } else if (op.direction === 'debit' && next.balance < op.amountPaise) {
      if (seen.kind !== '422') return null;
    } else {
      next.balance += op.direction === 'credit' ? op.amountPaise : -op.amountPaise;
      if (seen.kind !== 'moved' || seen.balanceAfter !== next.balance) return null;
      next.keys.set(op.key, { fingerprint: fingerprintOf(op), entryId: seen.entryId });
    }
  }
  return next;
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

async function answerOf(mover: WalletMover, owner: { frchId: number; userId: number }, op: Op): Promise<Answer> {
  try {
    const applied = await mover.move({
      owner,
      direction: op.direction,
      amountPaise: op.amountPaise,
      reason: op.direction === 'credit' ? 'bank_transfer' : 'broker_subscription',
      description: 'Generated movement',
      idempotencyKey: op.key,
    });
    return applied.kind === 'moved' ? { kind: 'moved', balanceAfter: applied.movement.balanceAfterPaise, entryId: applied.movement.entryId } : { kind: 'replayed', entryId: applied.movement.entryId };
  } catch (error) {
    if (error instanceof Error && error.message === NOT_ENOUGH_CREDIT_MESSAGE) return { kind: '422' };
    if (error instanceof Error && error.message === KEY_REUSED_MESSAGE) return { kind: '409' };
    throw error;
  }
}

/** A wallet's owner: a real user (no one logs in, so no password is hashed per run). */
async function newOwner(): Promise<{ frchId: number; userId: number }> {
  const user = await createUser({
    frch_id: 1,
    email: `wallet-${randomUUID()}@test.local`,
    first_name: 'Wallet',
    last_name: 'Owner',
    mobile_no: `7${String(randomInt(0, 1e9)).padStart(9, '0')}`,
    ...NEW_USER_DEFAULTS,
    password_hash: 'not-a-password-hash',
  });
  return { frchId: user.frch_id, userId: user.user_id };
}

async function runPlan(run: number, plan: Plan): Promise<void> {
  const owner = await newOwner();
  if (plan.preWalletRupees > 0) {
    await dynamo().send(
      new UpdateCommand({ TableName: config().tableName, Key: userKeys.profile(owner.frchId, owner.userId), UpdateExpression: 'SET current_credit = :c', ExpressionAttributeValues: { ':c': plan.preWalletRupees } }),
    );
  }
  const movers = [createWalletMover(), createWalletMover()];
  let model: Model = { balance: Math.round(plan.preWalletRupees * 100), keys: new Map() };
  for (const [stepIndex, step] of plan.steps.entries()) {
    const seen = await Promise.all(step.map(async (op) => ({ op, seen: await answerOf(movers[op.mover] as WalletMover, owner, op) })));
    const explained = permutations(seen).map((order) => serially(model, order)).find((next) => next !== null);
    if (!explained) throw new Error(`run ${run} step ${stepIndex}: no serial order gives ${JSON.stringify(seen)} from balance ${model.balance}`);
    model = explained;
  }
  const audit = await auditWallet(owner);
  const opening = plan.preWalletRupees > 0 && model.keys.size > 0 ? 1 : 0;
  const expected = { balancePaise: model.balance, ledgerSumPaise: model.balance, movements: model.keys.size + opening, chainIntact: true };
  if (model.keys.size === 0) Object.assign(expected, { ledgerSumPaise: 0, chainIntact: model.balance === 0 });
  expect(audit, `run ${run}`).toEqual(expected);
}

describe('wallet ledger over generated interleavings', () => {
  it(`keeps balance = Σ ledger, never below zero, each key applied once (${RUNS} runs)`, async () => {
    const random = seeded(SEED);
    const plans = Array.from({ length: RUNS }, (_, run) => planOf(run, random));
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        while (next < plans.length) {
          const run = next;
          next += 1;
          await runPlan(run, plans[run] as Plan);
        }
      }),
    );
    console.info(`wallet property: ${RUNS} runs in ${Math.round(performance.now() - started)} ms`);
  }, 60_000);
});
