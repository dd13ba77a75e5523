import type { RequestOf } from '../../shared/contracts/define-call';
import type { userContracts } from '../../shared/contracts/user';
import type { LedgerEntry } from '../../shared/contracts/wallet';
import type { Principal } from '../platform/http/principal';
import { now as clockNow } from '../platform/clock';
import { readLedgerPage } from '../wallet/wallet-reads';
import { resolveHistoryRange } from './history-range';

export type LedgerRequest = RequestOf<typeof userContracts.getUserLedger>;

/** The caller's wallet ledger over the requested days (default: the last 30), newest first. */
export async function readLedger(owner: Pick<Principal, 'frchId' | 'userId'>, request: LedgerRequest, now = clockNow()): Promise<{ items: LedgerEntry[]; next_cursor: string | null }> {
  const range = resolveHistoryRange(request, now);
  const page = await readLedgerPage(owner, range, { limit: request.limit, cursor: request.cursor });
  return { items: page.items, next_cursor: page.nextCursor };
}
