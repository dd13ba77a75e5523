import type { BRIDGE_DIRECTIONS } from '../../shared/domain/ranges';
import type { EXIT_DIRECTIONS } from '../../shared/domain/states';

/**
 * What a custom-bridge signal asks for (DESIGN.md §5): UP runs the up triggers, DOWN the down triggers,
 * EXIT closes, NONE closes without a new entry. The values are the spec's bridge directions plus EXIT.
 */
export type SignalDirection = (typeof BRIDGE_DIRECTIONS)[number] | (typeof EXIT_DIRECTIONS)[number];

/**
 * Words a sender may use for each direction, upper-cased. Besides the bridge's own words, the common
 * aliases senders emit: BUY/SELL (TradingView `{{strategy.order.action}}`), LONG/SHORT/FLAT
 * (`{{strategy.market_position}}`), COVER (OpenAlgo's exit of a short), CLOSE, SQUAREOFF.
 */
export const DIRECTION_WORDS: Readonly<Record<string, SignalDirection>> = {
  UP: 'UP',
  BUY: 'UP',
  LONG: 'UP',
  DOWN: 'DOWN',
  SELL: 'DOWN',
  SHORT: 'DOWN',
  EXIT: 'EXIT',
  CLOSE: 'EXIT',
  FLAT: 'EXIT',
  COVER: 'EXIT',
  SQUAREOFF: 'EXIT',
  NONE: 'NONE',
};

/**
 * The words read from ChartInk's scan and alert names. Those names are prose chosen by the trader, where
 * LONG, SHORT, UP, DOWN and CLOSE are usually adjectives ("Short term breakouts", "Gap up", "Close above
 * 20 EMA"), so only the trading verbs count there.
 */
export const SCAN_NAME_DIRECTION_WORDS: Readonly<Record<string, SignalDirection>> = {
  BUY: 'UP',
  SELL: 'DOWN',
  EXIT: 'EXIT',
  COVER: 'EXIT',
};

export function directionOfWord(word: string, words: Readonly<Record<string, SignalDirection>> = DIRECTION_WORDS): SignalDirection | null {
  return words[word.trim().toUpperCase()] ?? null;
}

/** The words of a vocabulary, for messages: "UP, BUY, LONG, …". */
export function directionWordList(words: Readonly<Record<string, SignalDirection>> = DIRECTION_WORDS): string {
  return Object.keys(words).join(', ');
}
