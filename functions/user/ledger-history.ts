import type { RequestOf } from '../../shared/contracts/define-call';
import type { userContracts } from '../../shared/contracts/user';
import { listLedgerEntries, type LedgerEntry } from '../data/ledger-repository';
import type { Principal } from '../platform/http/principal';
import { resolveHistoryRange } from './history-range';
import { now as clockNow } from '../platform/clock';

export type LedgerRequest = RequestOf<typeof userContracts.getUserLedger>;

/** The caller's wallet ledger over the requested days, newest first (empty until the wallet writes entries). */
export async function readLedger(owner: Principal, request: LedgerRequest, now = clockNow()): Promise<{ items: LedgerEntry[]; next_cursor: string | null }> {
  const range = resolveHistoryRange(request, now);
  const page = await listLedgerEntries(owner.frchId, owner.userId, range, { limit: request.limit, cursor: request.cursor });
  return { items: page.items, next_cursor: page.nextCursor };
}
