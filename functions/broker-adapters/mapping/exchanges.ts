import { EXCHANGES } from '../../../shared/domain/ranges';
import type { MappedBroker } from './mapped-brokers';
import { reverseLookup } from './reverse-lookup';

export type Exchange = (typeof EXCHANGES)[number];

/** Platform exchange → the broker's exchange code (reference/brokers.md §9.4; Dhan NSE_EQ/NSE_FNO… slot in here). */
export const EXCHANGE_CODES: Readonly<Record<MappedBroker, Readonly<Record<Exchange, string>>>> = {
  zerodha: { NSE: 'NSE', BSE: 'BSE', NFO: 'NFO', BFO: 'BFO', MCX: 'MCX' },
  angelone: { NSE: 'NSE', BSE: 'BSE', NFO: 'NFO', BFO: 'BFO', MCX: 'MCX' },
  /** Upstox segments: the instrument key carries them (`NSE_FO|43920`). */
  upstox: { NSE: 'NSE_EQ', BSE: 'BSE_EQ', NFO: 'NSE_FO', BFO: 'BSE_FO', MCX: 'MCX_FO' },
  /** Fyers names the exchange only; the segment is the symbol's (`NSE:NIFTY25NOVFUT`). Rows are read through the symbol. */
  fyers: { NSE: 'NSE', BSE: 'BSE', NFO: 'NSE', BFO: 'BSE', MCX: 'MCX' },
  dhan: { NSE: 'NSE_EQ', BSE: 'BSE_EQ', NFO: 'NSE_FNO', BFO: 'BSE_FNO', MCX: 'MCX_COMM' },
};

export function brokerExchangeCode(broker: MappedBroker, exchange: Exchange): string {
  return EXCHANGE_CODES[broker][exchange];
}

export function platformExchangeOf(broker: MappedBroker, code: string): Exchange | null {
  return reverseLookup(EXCHANGES, EXCHANGE_CODES[broker], code);
}
