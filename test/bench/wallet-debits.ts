import '../../infra/local/quiet-sdk';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/data/table';
import { createUser, NEW_USER_DEFAULTS } from '../../functions/data/users-repository';
import { dynamo } from '../../functions/platform/clients';
import { setLogSink } from '../../functions/platform/logger';
import { createWalletMover, moveWallet, NOT_ENOUGH_CREDIT_MESSAGE, type WalletMover } from '../../functions/wallet/move-wallet';
import { auditWallet } from '../../functions/wallet/wallet-reads';
import { startLocalEngines } from '../../infra/local/engines/local-engines';
import { applyLocalEnvironment } from '../../infra/local/local-environment';
import { summariseLatency, type LatencySummary } from './latency-summary';

/**
 * Wallet figures (issue 17): one debit's latency (each after a short idle pause, as requests come), and
 * bursts of debits on ONE wallet — 1,000 at once in one process, and 400 at once over four processes
 * racing — each with the affordable number succeeding, the rest refused, and the ledger checked after.
 * Run alone: `node --import tsx test/bench/wallet-debits.ts` (starts its own DynamoDB Local in memory).
 */
export interface WalletFigures {
  readonly singleDebit: LatencySummary;
  /** The engine's floor under one debit (a debit is one consistent read and one 3-item transaction), measured alongside. */
  readonly floor: { readonly consistentGet: LatencySummary; readonly transactWrite3: LatencySummary };
  readonly bursts: readonly BurstFigures[];
}

export interface BurstFigures {
  readonly debits: number;
  readonly processes: number;
  readonly affordable: number;
  readonly ms: number;
  readonly moved: number;
  readonly refused: number;
  readonly failed: number;
  readonly balanceAfterPaise: number;
  readonly ledgerAddsUp: boolean;
}

const SINGLE_SAMPLES = 200;
const PAUSE_MS = 20;
const WARM_UP = 50;

async function newOwner() {
  const user = await createUser({
    frch_id: 1,
    email: `bench-${randomUUID()}@bench.local`,
    first_name: 'Bench',
    last_name: 'Wallet',
    mobile_no: `7${String(randomInt(0, 1e9)).padStart(9, '0')}`,
    ...NEW_USER_DEFAULTS,
    password_hash: 'not-a-password-hash',
  });
  return { frchId: user.frch_id, userId: user.user_id };
}

const credit = (owner: { frchId: number; userId: number }, paise: number) =>
  moveWallet({ owner, direction: 'credit', amountPaise: paise, reason: 'bank_transfer', description: 'Bench top-up', idempotencyKey: `bank-transfer#${randomUUID()}` });

const debit = (mover: WalletMover, owner: { frchId: number; userId: number }, key: string) =>
  mover.move({ owner, direction: 'debit', amountPaise: 100, reason: 'broker_subscription', description: 'Bench debit', idempotencyKey: `broker-subscription#${key}` });

async function timedAfterPause(call: (index: number) => Promise<unknown>): Promise<LatencySummary> {
  const timings: number[] = [];
  for (let index = 0; index < SINGLE_SAMPLES; index += 1) {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    const started = performance.now();
    await call(index);
    timings.push(performance.now() - started);
  }
  return summariseLatency(timings);
}

async function measureSingleDebit(): Promise<Pick<WalletFigures, 'singleDebit' | 'floor'>> {
  const owner = await newOwner();
  await credit(owner, (WARM_UP + SINGLE_SAMPLES) * 100);
  // The engine (a JVM) and the code paths warm up first, as on a running server.
  for (let index = 0; index < WARM_UP; index += 1) await debit({ move: moveWallet }, owner, `warm-${index}`);
  const singleDebit = await timedAfterPause((index) => debit({ move: moveWallet }, owner, `single-${index}`));
  const TableName = tableName();
  const consistentGet = await timedAfterPause(() => dynamo().send(new GetCommand({ TableName, Key: { PK: 'BENCH#WALLET', SK: 'FLOOR' }, ConsistentRead: true })));
  const put = (index: number, part: number) => ({ Put: { TableName, Item: { PK: 'BENCH#WALLET', SK: `FLOOR#${index}#${part}`, note: 'x'.repeat(200) } } });
  const transactWrite3 = await timedAfterPause((index) => dynamo().send(new TransactWriteCommand({ TransactItems: [put(index, 0), put(index, 1), put(index, 2)] })));
  return { singleDebit, floor: { consistentGet, transactWrite3 } };
}

async function measureBurst(debits: number, processes: number, affordable: number): Promise<BurstFigures> {
  const owner = await newOwner();
  await credit(owner, affordable * 100);
  const movers: WalletMover[] = processes === 1 ? [{ move: moveWallet }] : Array.from({ length: processes }, () => createWalletMover());
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: debits }, (_, index) =>
      debit(movers[index % processes] as WalletMover, owner, `burst-${index}`).then(
        () => 'moved' as const,
        (error: unknown) => (error instanceof Error && error.message === NOT_ENOUGH_CREDIT_MESSAGE ? ('refused' as const) : ('failed' as const)),
      ),
    ),
  );
  const ms = Math.round(performance.now() - started);
  const audit = await auditWallet(owner);
  const count = (kind: string) => outcomes.filter((outcome) => outcome === kind).length;
  return {
    debits,
    processes,
    affordable,
    ms,
    moved: count('moved'),
    refused: count('refused'),
    failed: count('failed'),
    balanceAfterPaise: audit.balancePaise,
    ledgerAddsUp: audit.chainIntact && audit.ledgerSumPaise === audit.balancePaise,
  };
}

export async function measureWalletDebits(): Promise<WalletFigures> {
  const single = await measureSingleDebit();
  const bursts = [await measureBurst(1_000, 1, 600), await measureBurst(1_000, 1, 1_000), await measureBurst(400, 4, 250)];
  return { ...single, bursts };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-wallet-bench-'));
  const engines = await startLocalEngines({ tableName: 'wallet-bench', queueVisibilitySeconds: 30 });
  setLogSink(() => undefined);
  applyLocalEnvironment({
    tableName: engines.tableName,
    dynamodbEndpoint: engines.dynamodbEndpoint,
    sqsEndpoint: engines.sqsEndpoint,
    signalQueueUrl: engines.queues.queueUrl,
    jwtSecret: 'bench-signing-secret-0123456789abcdefghijkl',
    logLevel: 'error',
    dataDir,
  });
  try {
    const figures = await measureWalletDebits();
    const line = (label: string, figure: LatencySummary) =>
      console.log(`${label} (${figure.samples} samples, each after ${PAUSE_MS} ms idle): p50 ${figure.p50Ms.toFixed(1)} ms, p99 ${figure.p99Ms.toFixed(1)} ms, max ${figure.maxMs.toFixed(1)} ms`);
    line('one wallet debit', figures.singleDebit);
    line('  floor: one consistent GetItem', figures.floor.consistentGet);
    line('  floor: one TransactWriteItems of 3 puts', figures.floor.transactWrite3);
    for (const burst of figures.bursts) {
      console.log(
        `${burst.debits} concurrent debits of ₹1 on one wallet holding ₹${burst.affordable}, ${burst.processes} process(es): ${burst.ms} ms; ` +
          `${burst.moved} debited, ${burst.refused} refused, ${burst.failed} failed; balance after ${burst.balanceAfterPaise} paise; ledger adds up: ${burst.ledgerAddsUp}`,
      );
    }
  } finally {
    await engines.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
