import type { RequestOf } from '../../shared/contracts/define-call';
import type { FranchiseLedgerEntry, franchiseMoneyContracts } from '../../shared/contracts/franchise-money';
import { WALLET_REASON_LABELS } from '../../shared/contracts/wallet';
import { listFranchiseLedgerBetween, type FranchiseLedgerItem } from '../data/wallet/franchise-ledger-reader';
import { resolveMoneyRange } from './money-range';
import { userFilterOf, userNamer, type MoneyUser } from './money-users';

export type FranchiseLedgerRequest = RequestOf<typeof franchiseMoneyContracts.getFranchiseLedger>;

/** Credited, debited and net paise and the count, over all entries given. */
export function ledgerTotals(entries: readonly Pick<FranchiseLedgerItem, 'type' | 'amount_paise'>[]) {
  const sum = (type: 'credit' | 'debit') => entries.reduce((total, entry) => total + (entry.type === type ? entry.amount_paise : 0), 0);
  const credited = sum('credit');
  const debited = sum('debit');
  return { count: entries.length, credited_paise: credited, debited_paise: debited, net_paise: credited - debited };
}

function entryRow(entry: FranchiseLedgerItem, user: MoneyUser): FranchiseLedgerEntry {
  return {
    id: entry.id,
    user,
    type: entry.type,
    amount: entry.amount,
    amount_paise: entry.amount_paise,
    balance_after: entry.balance_after,
    balance_after_paise: entry.balance_after_paise,
    reason: entry.reason,
    reason_text: WALLET_REASON_LABELS[entry.reason],
    reference: entry.reference,
    description: entry.description,
    create_time: entry.create_time,
  };
}

/**
 * Every wallet movement of the franchise's users in the range (read whole from the franchise's ledger
 * listing, at most 93 days), filtered by user, direction and reason, newest first, totalled over all
 * that match, then cut to the page. Only the page's users are named.
 */
export async function listFranchiseLedger(frchId: number, request: FranchiseLedgerRequest, now: Date) {
  const range = resolveMoneyRange(request, now);
  const userId = await userFilterOf(frchId, request);
  const entries = (await listFranchiseLedgerBetween(frchId, range)).filter(
    (entry) => (userId === null || entry.userId === userId) && (request.type === undefined || entry.type === request.type) && (request.reason === undefined || entry.reason === request.reason),
  );
  const page = entries.slice(request.offset, request.offset + request.limit);
  const nameOf = await userNamer(frchId, page.map((entry) => entry.userId));
  return {
    items: page.map((entry) => entryRow(entry, nameOf(entry.userId))),
    total: entries.length,
    range: { from_date: range.fromDay, to_date: range.toDay },
    totals: ledgerTotals(entries),
  };
}
