import { useState } from 'react';
import { LedgerTable } from '@/entities/wallet/ledger-table';
import { defaultHistoryRange, type PayloadDateRange } from '@/lib/format/calendar-date';
import { useSubUserLedger } from '../api/use-sub-user-views';
import { DatedList } from './dated-list';

/** The Wallet tab: the sub-user's ledger over a date range. */
export function WalletTab({ subUserId }: { subUserId: number }) {
  const [range, setRange] = useState<PayloadDateRange>(() => defaultHistoryRange());
  const ledger = useSubUserLedger(subUserId, range);
  return (
    <DatedList label="Ledger dates" what="the ledger" range={range} onApply={setRange} query={ledger} empty={(period) => `No credits or debits between ${period}.`}>
      {(entries) => <LedgerTable entries={entries} />}
    </DatedList>
  );
}
