import type { OrderStatus } from '../../../shared/domain/states';
import type { MappedBroker } from './mapped-brokers';

/** How a broker spells order states: words (most brokers), Fyers numeric codes, Breeze letters. */
export type StatusDialect = 'words' | 'fyers-codes' | 'breeze-codes';

interface StatusReading {
  readonly status: Exclude<OrderStatus, 'failed'>;
  /** Expired at day end: read as cancelled of the unfilled remainder, flagged so the reason says so. */
  readonly expired?: true;
}

const completed: StatusReading = { status: 'completed' };
const cancelled: StatusReading = { status: 'cancelled' };
const expired: StatusReading = { status: 'cancelled', expired: true };
const rejected: StatusReading = { status: 'rejected' };
const pending: StatusReading = { status: 'pending' };

/**
 * reference/brokers.md §9.5, keyed after upper-casing and replacing '_' with a space. 'failed' is never
 * a broker state. NOT MODIFIED / NOT CANCELLED are outcomes of a request: the order stays pending.
 */
const WORD_STATUSES: Readonly<Record<string, StatusReading>> = {
  COMPLETE: completed,
  TRADED: completed,
  CANCELLED: cancelled,
  CANCELED: cancelled,
  'CANCELLED AFTER MARKET ORDER': cancelled,
  EXPIRED: expired,
  REJECTED: rejected,
  REJECT: rejected,
  OPEN: pending,
  'TRIGGER PENDING': pending,
  'OPEN PENDING': pending,
  'VALIDATION PENDING': pending,
  'PUT ORDER REQ RECEIVED': pending,
  'MODIFY PENDING': pending,
  'MODIFY VALIDATION PENDING': pending,
  MODIFIED: pending,
  'CANCEL PENDING': pending,
  'AMO REQ RECEIVED': pending,
  'AFTER MARKET ORDER REQ RECEIVED': pending,
  'MODIFY AFTER MARKET ORDER REQ RECEIVED': pending,
  NEW: pending,
  REPLACED: pending,
  PENDING: pending,
  TRANSIT: pending,
  'PART TRADED': pending,
  'NOT MODIFIED': pending,
  'NOT CANCELLED': pending,
};

/** Fyers `status`: 1 cancelled, 2 traded, 4 transit, 5 rejected, 6 pending, 7 expired. */
const FYERS_CODES: Readonly<Record<string, StatusReading>> = {
  '1': cancelled,
  '2': completed,
  '4': pending,
  '5': rejected,
  '6': pending,
  '7': expired,
};

/** Breeze TUX codes: E executed, C/D cancelled, X/B expired, J rejected, R/Q/O/P/F working. */
const BREEZE_CODES: Readonly<Record<string, StatusReading>> = {
  E: completed,
  EXECUTED: completed,
  C: cancelled,
  D: cancelled,
  X: expired,
  B: expired,
  J: rejected,
  R: pending,
  Q: pending,
  O: pending,
  P: pending,
  F: pending,
};

const DIALECT_TABLES: Readonly<Record<StatusDialect, Readonly<Record<string, StatusReading>>>> = {
  words: WORD_STATUSES,
  'fyers-codes': FYERS_CODES,
  'breeze-codes': BREEZE_CODES,
};

export const STATUS_DIALECT_OF: Readonly<Record<MappedBroker, StatusDialect>> = {
  zerodha: 'words',
  angelone: 'words',
  upstox: 'words',
  fyers: 'fyers-codes',
  dhan: 'words',
};

export interface NormalisedStatus {
  readonly status: OrderStatus;
  /** False when the text is in no table: the order is kept pending and someone should be alerted. */
  readonly recognised: boolean;
  readonly expired: boolean;
}

export function statusKey(raw: string): string {
  return raw.trim().toUpperCase().replace(/_/g, ' ').replace(/\s+/g, ' ');
}

/** Maps a broker status to the platform's; unknown text → pending + recognised:false (never completed). */
export function normaliseOrderStatus(raw: string, dialect: StatusDialect = 'words'): NormalisedStatus {
  const reading = DIALECT_TABLES[dialect][statusKey(raw)];
  if (!reading) return { status: 'pending', recognised: false, expired: false };
  return { status: reading.status, recognised: true, expired: reading.expired === true };
}
