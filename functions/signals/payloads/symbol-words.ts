import { EXCHANGES } from '../../../shared/domain/ranges';
import type { SignalSymbol } from './incoming-signal';

/**
 * A symbol as senders write it: `SBIN`, `M&M`, `BAJAJ-AUTO`, `NIFTY25NOV2524000CE`, optionally with an
 * exchange prefix (`NSE:SBIN`, TradingView's `{{exchange}}:{{ticker}}`). It starts with a letter, so a
 * stray number (a price, a quantity) is never taken for a symbol.
 */
const SYMBOL_PATTERN = /^[A-Z][A-Z0-9&_.-]*$/;
export const SYMBOL_EXPECTATION = 'expected a symbol such as SBIN or NSE:SBIN';

const isExchange = (text: string): text is (typeof EXCHANGES)[number] => (EXCHANGES as readonly string[]).includes(text);

/** The symbol a word names, or the reason it names none. */
export function symbolOfWord(word: string): { readonly symbol: SignalSymbol } | { readonly problem: string } {
  const parts = word.trim().toUpperCase().split(':');
  const [first = '', second] = parts;
  if (parts.length > 2) return { problem: SYMBOL_EXPECTATION };
  if (second !== undefined && !isExchange(first)) return { problem: `expected an exchange of ${EXCHANGES.join(', ')} before ':'` };
  const symbol = second ?? first;
  if (!SYMBOL_PATTERN.test(symbol)) return { problem: SYMBOL_EXPECTATION };
  return { symbol: { symbol, exchange: second === undefined ? null : (first as (typeof EXCHANGES)[number]), price: null, quantity: null } };
}
