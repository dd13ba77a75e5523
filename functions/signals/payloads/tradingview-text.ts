import type { ValidationIssue } from '../../../shared/contracts/envelope';
import { directionOfWord, directionWordList, type SignalDirection } from '../signal-direction';
import { accepted, BODY_PATH, invalid, refused, type ParsedSignal, type SignalSymbol } from './incoming-signal';
import { symbolOfWord } from './symbol-words';

/**
 * A plain-text alert message (TradingView sends text/plain when the message is not JSON): one direction
 * word and any number of symbols, in any order, separated by spaces or commas — "BUY", "UP NIFTY",
 * "{{strategy.order.action}} {{ticker}}" → "sell SBIN", "EXIT SBIN, INFY". Anything else is refused with
 * the word that did not fit, never skipped: a message read wrongly would trade wrongly.
 */
const PLACEHOLDER_PATTERN = /\{\{[^}]*\}\}/;

export function parseTradingViewText(text: string): ParsedSignal {
  const placeholder = PLACEHOLDER_PATTERN.exec(text);
  if (placeholder) return invalid(BODY_PATH, `the placeholder ${placeholder[0]} was not filled in; TradingView fills placeholders only in the alert message`);
  const words = text.split(/[\s,]+/).filter((word) => word !== '');
  if (words.length === 0) return invalid(BODY_PATH, `expected a direction word (${directionWordList()}), got an empty message`);

  const directions: { readonly word: string; readonly direction: SignalDirection }[] = [];
  const symbols: SignalSymbol[] = [];
  const problems: ValidationIssue[] = [];
  words.forEach((word, index) => {
    const direction = directionOfWord(word);
    if (direction !== null) {
      directions.push({ word, direction });
      return;
    }
    const read = symbolOfWord(word);
    if ('symbol' in read) symbols.push(read.symbol);
    else problems.push({ path: `word ${index + 1} (${word})`, message: `${read.problem}, or a direction word (${directionWordList()})` });
  });
  if (directions.length === 0) problems.push({ path: BODY_PATH, message: `expected a direction word (${directionWordList()})` });
  if (directions.length > 1) {
    problems.push({ path: BODY_PATH, message: `expected one direction word, got ${directions.map((found) => found.word).join(' and ')}` });
  }
  const [only] = directions;
  if (problems.length > 0 || only === undefined) return refused('invalid', problems);
  return accepted({ kind: 'direction', source: 'tradingview-text', providerSignalId: null, direction: only.direction, symbols, scan: null });
}
