import { ABOVE_EARNINGS_MESSAGE, type CashoutView, type ReferralCashoutRequest } from '../../shared/contracts/referrals';
import { getCashout, cashoutStartItems, writeCashoutStart, type NewCashout, type StoredCashout } from '../data/referrals/referral-cashouts-repository';
import { getEarningsTotals } from '../data/referrals/referral-earnings-repository';
import { getUser } from '../data/users-repository';
import { BusinessRuleError, ConflictError } from '../platform/errors';
import { moveWallet, type WalletMover } from '../wallet/move-wallet';
import { getWalletBalance } from '../wallet/wallet-reads';
import { cashoutView, nameOf } from './cashout-view';

export const KEY_USED_FOR_ANOTHER_CASHOUT = 'This idempotency key was used for another cash-out.';

export interface CashoutOwner {
  readonly frchId: number;
  readonly userId: number;
}

type CashoutBody = Omit<ReferralCashoutRequest, 'bank_account'> & { bank_account?: { holder_name: string; account_number: string; ifsc: string } | undefined };

export interface CashoutOutcome {
  readonly cashout: CashoutView;
  readonly earnings_balance_paise: number;
  readonly wallet_balance_paise: number | null;
  readonly replayed: boolean;
}

/** The wallet's idempotency key of a credit cash-out: the client's key, which is also the cash-out's id. */
export const walletKeyOf = (cashoutId: string) => `referral-cashout#${cashoutId}`;

function sameRequest(existing: StoredCashout, body: CashoutBody): boolean {
  return existing.choice === body.choice && existing.amount_paise === body.amount_paise && (existing.bank_account?.account_number ?? null) === (body.bank_account?.account_number ?? null);
}

async function outcomeOf(owner: CashoutOwner, cashout: StoredCashout, replayed: boolean): Promise<CashoutOutcome> {
  const [user, totals, wallet] = await Promise.all([
    getUser(owner.frchId, owner.userId),
    getEarningsTotals(owner.frchId, owner.userId, true),
    cashout.choice === 'credit' ? getWalletBalance(owner) : Promise.resolve(null),
  ]);
  return { cashout: cashoutView(cashout, nameOf(user)), earnings_balance_paise: totals.balancePaise, wallet_balance_paise: wallet?.balancePaise ?? null, replayed };
}

/** A cash-out under a key used before: the first answer when it asked the same, else a 409. */
async function replayOf(owner: CashoutOwner, body: CashoutBody): Promise<CashoutOutcome> {
  const existing = await getCashout(owner.frchId, owner.userId, body.idempotency_key);
  if (!existing || !sameRequest(existing, body)) throw new ConflictError(KEY_USED_FOR_ANOTHER_CASHOUT);
  return outcomeOf(owner, existing, true);
}

/**
 * Cashes out referral earnings (spec §4 choices credit, withdraw). The earnings balance goes down by the
 * amount only while it covers it (else 422, nothing written), in ONE transaction with the cash-out:
 * - `credit`: with the wallet's credit (`moveWallet`, reason `referral_cashout`): completed at once;
 * - `withdraw`: the cash-out waits `pending` for the broker panel, with the bank account to pay.
 * The client's key is the cash-out's id (and the wallet's key): the same key again changes nothing.
 */
export async function cashOutReferralEarnings(owner: CashoutOwner, body: CashoutBody, now: Date, move: WalletMover['move'] = moveWallet): Promise<CashoutOutcome> {
  if (await getCashout(owner.frchId, owner.userId, body.idempotency_key)) return replayOf(owner, body);
  const cashout: NewCashout = {
    cashout_id: body.idempotency_key,
    frch_id: owner.frchId,
    user_id: owner.userId,
    choice: body.choice,
    amount_paise: body.amount_paise,
    status: body.choice === 'credit' ? 'completed' : 'pending',
    bank_account: body.bank_account ?? null,
    createdAt: now.toISOString(),
  };
  if (body.choice === 'withdraw') {
    const failed = await writeCashoutStart(cashout);
    if (failed.includes(1)) return replayOf(owner, body);
    if (failed.includes(0)) throw new BusinessRuleError(ABOVE_EARNINGS_MESSAGE);
  } else {
    const answer = await move(
      {
        owner,
        direction: 'credit',
        amountPaise: body.amount_paise,
        reason: 'referral_cashout',
        reference: { cashout_id: cashout.cashout_id },
        description: 'Referral earnings cashed out to the wallet',
        idempotencyKey: walletKeyOf(cashout.cashout_id),
      },
      cashoutStartItems(cashout),
    );
    if (answer.kind === 'alongside-refused') {
      if (answer.index === 1) return replayOf(owner, body);
      throw new BusinessRuleError(ABOVE_EARNINGS_MESSAGE);
    }
    if (answer.kind === 'replayed') return replayOf(owner, body);
  }
  const stored = await getCashout(owner.frchId, owner.userId, cashout.cashout_id);
  if (!stored) throw new Error('cash-out written but not found');
  return outcomeOf(owner, stored, false);
}
