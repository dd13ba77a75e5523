import { EXCHANGES } from '../../../shared/domain/ranges';
import type { MappedBroker } from './mapped-brokers';
import { reverseLookup } from './reverse-lookup';

export type Exchange = (typeof EXCHANGES)[number];

/** Platform exchange → the broker's exchange code (reference/brokers.md §9.4; Dhan NSE_EQ/NSE_FNO… slot in here). */
export const EXCHANGE_CODES: Readonly<Record<MappedBroker, Readonly<Record<Exchange, string>>>> = {
  zerodha: { NSE: 'NSE', BSE: 'BSE', NFO: 'NFO', BFO: 'BFO', MCX: 'MCX' },
  angelone: { NSE: 'NSE', BSE: 'BSE', NFO: 'NFO', BFO: 'BFO', MCX: 'MCX' },
};

export function brokerExchangeCode(broker: MappedBroker, exchange: Exchange): string {
  return EXCHANGE_CODES[broker][exchange];
}

export function platformExchangeOf(broker: MappedBroker, code: string): Exchange | null {
  return reverseLookup(EXCHANGES, EXCHANGE_CODES[broker], code);
}
