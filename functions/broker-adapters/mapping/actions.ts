import { ACTIONS } from '../../../shared/domain/ranges';
import type { MappedBroker } from './mapped-brokers';
import { reverseLookup } from './reverse-lookup';

export type Action = (typeof ACTIONS)[number];

/** Platform action → broker transaction type (reference/brokers.md §9.3; Fyers 1/−1 and Noren B/S slot in here). */
export const ACTION_CODES: Readonly<Record<MappedBroker, Readonly<Record<Action, string>>>> = {
  zerodha: { BUY: 'BUY', SELL: 'SELL' },
  angelone: { BUY: 'BUY', SELL: 'SELL' },
  upstox: { BUY: 'BUY', SELL: 'SELL' },
  /** Fyers `side`: 1 buy, −1 sell (sent as numbers; the table keeps their text). */
  fyers: { BUY: '1', SELL: '-1' },
  dhan: { BUY: 'BUY', SELL: 'SELL' },
};

export function brokerActionCode(broker: MappedBroker, action: Action): string {
  return ACTION_CODES[broker][action];
}

export function platformActionOf(broker: MappedBroker, code: string): Action | null {
  return reverseLookup(ACTIONS, ACTION_CODES[broker], code);
}
