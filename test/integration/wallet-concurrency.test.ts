import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { createWalletMover, moveWallet, NOT_ENOUGH_CREDIT_MESSAGE, type WalletMover } from '../../functions/wallet/move-wallet';
import { auditWallet } from '../../functions/wallet/wallet-reads';
import { createTestUser, type TestUser } from '../support/users';

const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

async function fund(who: TestUser, paise: number): Promise<void> {
  await moveWallet({ owner: ownerOf(who), direction: 'credit', amountPaise: paise, reason: 'bank_transfer', description: 'Top-up', idempotencyKey: `bank-transfer#${randomUUID()}` });
}

/** `count` debits of `amount` paise at once, spread over the movers; how each ended. */
async function concurrentDebits(who: TestUser, movers: readonly WalletMover[], count: number, amount: number) {
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      (movers[index % movers.length] as WalletMover)
        .move({
          owner: ownerOf(who),
          direction: 'debit',
          amountPaise: amount,
          reason: 'broker_subscription',
          description: `Debit ${index}`,
          idempotencyKey: `broker-subscription#debit-${index}`,
        })
        .then(
          (applied) => applied.kind,
          (error: unknown) => (error instanceof Error && error.message === NOT_ENOUGH_CREDIT_MESSAGE ? 'refused' : `failed: ${String(error)}`),
        ),
    ),
  );
  const tally: Record<string, number> = {};
  for (const outcome of outcomes) tally[outcome] = (tally[outcome] ?? 0) + 1;
  return { tally, ms: Math.round(performance.now() - started) };
}

describe('concurrent debits on one wallet', () => {
  it('1,000 at once in one process: exactly the affordable 600 succeed, 400 are refused, never negative, ledger = balance', async () => {
    const alice = await createTestUser();
    await fund(alice, 600 * 100);
    const { tally, ms } = await concurrentDebits(alice, [{ move: moveWallet } as WalletMover], 1_000, 100);
    console.info(`wallet: 1,000 concurrent debits on one wallet (one process) took ${ms} ms`);
    expect(tally).toEqual({ moved: 600, refused: 400 });
    expect(await auditWallet(ownerOf(alice))).toEqual({ balancePaise: 0, ledgerSumPaise: 0, movements: 601, chainIntact: true });
  }, 120_000);

  it('400 at once through four processes racing on the same wallet: exactly the affordable 250 succeed', async () => {
    const bob = await createTestUser();
    await fund(bob, 250 * 100);
    const movers = Array.from({ length: 4 }, () => createWalletMover());
    const { tally, ms } = await concurrentDebits(bob, movers, 400, 100);
    console.info(`wallet: 400 concurrent debits on one wallet over four processes took ${ms} ms`);
    expect(tally).toEqual({ moved: 250, refused: 150 });
    expect(await auditWallet(ownerOf(bob))).toEqual({ balancePaise: 0, ledgerSumPaise: 0, movements: 251, chainIntact: true });
  }, 120_000);
});
