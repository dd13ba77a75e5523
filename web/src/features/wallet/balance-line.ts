import type { LedgerEntry } from '@shared/contracts/wallet';

/** The chart library reads times as UTC; shifting by Asia/Kolkata's offset makes its axis read Indian time. */
const IST_OFFSET_SECONDS = 19_800;

export interface BalancePoint {
  /** Epoch seconds shifted to read as Asia/Kolkata wall-clock time. */
  readonly time: number;
  /** Rupees. */
  readonly value: number;
}

/**
 * The balance after each movement, oldest first, one point per second (the last movement of a second
 * wins: entries come newest first, so the first seen of a second is the latest).
 */
export function balancePointsOf(entries: readonly LedgerEntry[]): BalancePoint[] {
  const bySecond = new Map<number, number>();
  for (const entry of entries) {
    const time = Math.floor(Date.parse(entry.create_time) / 1000) + IST_OFFSET_SECONDS;
    if (!bySecond.has(time)) bySecond.set(time, entry.balance_after_paise / 100);
  }
  return [...bySecond.entries()].sort(([a], [b]) => a - b).map(([time, value]) => ({ time, value }));
}
