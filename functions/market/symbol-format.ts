import type { InstrumentType } from '../../shared/domain/instruments';

/**
 * The platform's one symbol format (brokers.md §8.1, `shared/domain/instruments.ts`):
 * equity `SBIN`; future `NIFTY30DEC25FUT`; option `NIFTY30DEC2524000CE` — <BASE><DD><MMM><YY>[<STRIKE>]<TYPE>.
 * Weekly and monthly contracts use the same full date; fractional strikes keep their decimal (`VEDL24APR25292.5CE`).
 */
export const MONTH_CODES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

export interface SymbolParts {
  /** Underlying or equity symbol, e.g. NIFTY, RELIANCE. */
  readonly base: string;
  readonly instrumentType: InstrumentType;
  /** yyyy-MM-dd; null for equities. */
  readonly expiry: string | null;
  readonly strike: number | null;
}

/** `2025-12-30` → `30DEC25`. */
export function expiryCode(expiry: string): string {
  const month = MONTH_CODES[Number(expiry.slice(5, 7)) - 1];
  if (!month) throw new RangeError(`Not a yyyy-MM-dd date: ${expiry}`);
  return `${expiry.slice(8, 10)}${month}${expiry.slice(2, 4)}`;
}

/** 24000 → `24000`, 292.5 → `292.5`; float noise from unit conversions is rounded away. */
export function strikeText(strike: number): string {
  return String(Math.round(strike * 10_000) / 10_000);
}

export function tradingSymbolOf(parts: SymbolParts): string {
  if (parts.instrumentType === 'EQ') return parts.base;
  if (parts.expiry === null) throw new RangeError(`${parts.base} ${parts.instrumentType} needs an expiry`);
  const dated = `${parts.base}${expiryCode(parts.expiry)}`;
  if (parts.instrumentType === 'FUT') return `${dated}FUT`;
  if (parts.strike === null) throw new RangeError(`${parts.base} ${parts.instrumentType} needs a strike`);
  return `${dated}${strikeText(parts.strike)}${parts.instrumentType}`;
}

/** What a person reads in a list: `NIFTY 30 DEC 25 24000 CE`, `NIFTY 30 DEC 25 FUT`, `SBIN`. */
export function displayNameOf(parts: SymbolParts): string {
  if (parts.instrumentType === 'EQ' || parts.expiry === null) return parts.base;
  const code = expiryCode(parts.expiry);
  const date = `${code.slice(0, 2)} ${code.slice(2, 5)} ${code.slice(5)}`;
  const strike = parts.instrumentType === 'FUT' || parts.strike === null ? '' : ` ${strikeText(parts.strike)}`;
  return `${parts.base} ${date}${strike} ${parts.instrumentType}`;
}

interface InstrumentFields {
  readonly trading_symbol: string;
  readonly name: string;
  readonly instrument_type: InstrumentType;
  readonly expiry: string | null;
  readonly strike: number | null;
}

/** The base an instrument trades under: the symbol for an equity, the underlying for a derivative. */
export function baseNameOf(instrument: InstrumentFields): string {
  return instrument.instrument_type === 'EQ' ? instrument.trading_symbol : instrument.name;
}

export function symbolPartsOf(instrument: InstrumentFields): SymbolParts {
  return {
    base: baseNameOf(instrument),
    instrumentType: instrument.instrument_type,
    expiry: instrument.expiry,
    strike: instrument.strike,
  };
}
