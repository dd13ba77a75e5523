import type { CalendarVenue } from './holidays';

/** Exchanges that list derivatives, and the holiday calendar each follows. */
export const DERIVATIVE_VENUES = { NFO: 'NSE', BFO: 'BSE', MCX: 'MCX' } as const satisfies Record<string, CalendarVenue>;
export type DerivativeExchange = keyof typeof DERIVATIVE_VENUES;

export interface IndexUnderlying {
  readonly exchange: 'NFO' | 'BFO';
  /** Weekly contracts exist only for one benchmark per exchange since 20-Nov-2024 (brokers.md §10.3). */
  readonly weekly: boolean;
}

/** Index derivatives by underlying. Stocks are not listed: every stock future and option is NFO, monthly only. */
export const INDEX_UNDERLYINGS: Readonly<Record<string, IndexUnderlying>> = {
  NIFTY: { exchange: 'NFO', weekly: true },
  BANKNIFTY: { exchange: 'NFO', weekly: false },
  FINNIFTY: { exchange: 'NFO', weekly: false },
  MIDCPNIFTY: { exchange: 'NFO', weekly: false },
  NIFTYNXT50: { exchange: 'NFO', weekly: false },
  SENSEX: { exchange: 'BFO', weekly: true },
  BANKEX: { exchange: 'BFO', weekly: false },
  SENSEX50: { exchange: 'BFO', weekly: false },
};
