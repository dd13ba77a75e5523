import { WALLET_REASON_LABELS, type LedgerEntry } from '@shared/contracts/wallet';

/** The reason of a movement in a trader's words. */
export const reasonText = (entry: LedgerEntry): string => WALLET_REASON_LABELS[entry.reason];

/** What the movement is about (payment id, plan, UTR …) as one line: "utr: ABC123, plan: Pro". */
export function referenceText(entry: LedgerEntry): string {
  return Object.entries(entry.reference)
    .map(([name, value]) => `${name.replace(/_/g, ' ')}: ${value}`)
    .join(', ');
}

/** Credit or Debit. */
export const directionText = (entry: LedgerEntry): string => (entry.type === 'credit' ? 'Credit' : 'Debit');
