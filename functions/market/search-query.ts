import type { InstrumentType } from '../../shared/domain/instruments';
import { MONTH_CODES } from './symbol-format';

/**
 * A search box text read as the parts people type: names ("state bank", "nifty"), strikes or dates
 * ("24000", "25"), option and future words ("CE", "call", "fut") and expiry months ("dec").
 * "NIFTY 24000 CE" and "nifty24000ce" read the same.
 */
export interface ParsedQuery {
  /** Upper-cased, without spaces: compared with trading symbols. */
  readonly compact: string;
  /** Name words joined with single spaces, e.g. `STATE BANK`: compared with names. */
  readonly words: string;
  /** Name words joined without spaces, e.g. `BANKNIFTY`: compared with base names. */
  readonly joined: string;
  readonly numbers: readonly string[];
  readonly types: readonly InstrumentType[];
  readonly months: readonly string[];
}

const TYPE_WORDS: Readonly<Record<string, InstrumentType>> = {
  CE: 'CE',
  CALL: 'CE',
  PE: 'PE',
  PUT: 'PE',
  FUT: 'FUT',
  FUTURE: 'FUT',
  FUTURES: 'FUT',
  EQ: 'EQ',
};
const MONTH_WORDS: ReadonlySet<string> = new Set(MONTH_CODES);
const TOKEN = /[A-Z][A-Z&-]*|\d+(?:\.\d+)?/g;

export function parseQuery(text: string): ParsedQuery {
  const upper = text.toUpperCase().trim();
  const tokens = upper.match(TOKEN) ?? [];
  const numbers = tokens.filter((token) => /^\d/.test(token));
  const alpha = tokens.filter((token) => !/^\d/.test(token));
  const nameWords = alpha.filter((token) => !TYPE_WORDS[token] && !MONTH_WORDS.has(token));
  // A query made only of such words ("PE", "DEC") is a name after all.
  const keywords = nameWords.length > 0 ? alpha.filter((token) => !nameWords.includes(token)) : [];
  const names = nameWords.length > 0 ? nameWords : alpha;
  return {
    compact: upper.replace(/\s+/g, ''),
    words: names.join(' '),
    joined: names.join(''),
    numbers,
    types: keywords.flatMap((token) => {
      const type = TYPE_WORDS[token];
      return type ? [type] : [];
    }),
    months: keywords.filter((token) => MONTH_WORDS.has(token)),
  };
}
