import type { BrokerKind } from '../../../shared/domain/brokers';

/**
 * How long a mirror record must outlive its master order's row. Real brokers' order books list the
 * day's orders only, so a week is ample; the paper book keeps every order it ever took, and a record
 * that expired would let its row look new again, so paper records are kept (they go with nothing else
 * but the table, like the orders themselves).
 */
const RETENTION_DAYS: Readonly<Record<BrokerKind, number | null>> = {
  paper: null,
  zerodha: 7,
  angelone: 7,
  upstox: 7,
  fyers: 7,
  dhan: 7,
};

/** The record's `expiresAt` (epoch seconds), or null to keep it. */
export function mirrorRecordExpiry(broker: BrokerKind, now: Date): number | null {
  const days = RETENTION_DAYS[broker];
  return days === null ? null : Math.floor(now.getTime() / 1000) + days * 86_400;
}
