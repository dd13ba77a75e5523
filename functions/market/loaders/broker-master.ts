import { scriptIdOf, type Instrument, type InstrumentType } from '../../../shared/domain/instruments';
import type { EXCHANGES } from '../../../shared/domain/ranges';
import { DEFAULT_MASTER_RULES, InstrumentMasterError, rowProblems, type MasterRules } from '../master-validation';
import { tradingSymbolOf } from '../symbol-format';

/**
 * What every broker loader shares: each broker row becomes canonical fields (or is skipped when the
 * platform does not trade its segment, or rejected when unreadable), and the rows are assembled into
 * validated `Instrument`s keyed by the platform's symbol, with the broker's own token kept.
 */
export interface CanonicalFields {
  readonly exchange: (typeof EXCHANGES)[number];
  /** Equity symbol or derivative underlying, e.g. SBIN, NIFTY. */
  readonly base: string;
  /** Company name for equities; the underlying for derivatives. */
  readonly name: string;
  readonly instrumentType: InstrumentType;
  readonly expiry: string | null;
  readonly strike: number | null;
  readonly lotSize: number;
  readonly tickSize: number;
  /** What the broker addresses the instrument with (token, instrument key or symbol ticker). */
  readonly token: string;
  /** The broker's own trading symbol when its master gives one (Kite `NIFTY25N1124000CE`, Angel `SBIN-EQ`): orders name it. */
  readonly brokerSymbol?: string;
}

export type RowOutcome =
  | { readonly kind: 'row'; readonly fields: CanonicalFields }
  | { readonly kind: 'skip' }
  | { readonly kind: 'reject'; readonly problem: string };

export const SKIP: RowOutcome = { kind: 'skip' };
export const reject = (problem: string): RowOutcome => ({ kind: 'reject', problem });

export interface LoaderOptions {
  readonly rules?: MasterRules;
  /** Share of traded rows that may be unreadable and dropped (default 0.1 %); beyond it the file is refused. */
  readonly maxRejectedShare?: number;
}

export interface BrokerMaster {
  readonly broker: string;
  readonly instruments: readonly Instrument[];
  /** Rows of segments the platform does not trade (indices, currency, other series). */
  readonly skipped: number;
  /** Unreadable rows that were dropped, with the reason. */
  readonly rejected: readonly string[];
}

const DEFAULT_MAX_REJECTED_SHARE = 0.001;

function toInstrument(broker: string, fields: CanonicalFields): Instrument | string {
  let tradingSymbol: string;
  try {
    tradingSymbol = tradingSymbolOf({ base: fields.base, instrumentType: fields.instrumentType, expiry: fields.expiry, strike: fields.strike });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return {
    script_id: scriptIdOf(fields.exchange, tradingSymbol),
    exchange: fields.exchange,
    trading_symbol: tradingSymbol,
    name: fields.name,
    instrument_type: fields.instrumentType,
    expiry: fields.expiry,
    strike: fields.strike,
    lot_size: fields.lotSize,
    tick_size: fields.tickSize,
    broker_tokens: fields.brokerSymbol ? { [broker]: fields.token, [`${broker}:tradingsymbol`]: fields.brokerSymbol } : { [broker]: fields.token },
  };
}

export function assembleBrokerMaster(broker: string, outcomes: readonly RowOutcome[], options: LoaderOptions = {}): BrokerMaster {
  const rules = options.rules ?? DEFAULT_MASTER_RULES;
  const instruments: Instrument[] = [];
  const rejected: string[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  outcomes.forEach((outcome, index) => {
    const row = `row ${index + 1}`;
    if (outcome.kind === 'skip') skipped += 1;
    else if (outcome.kind === 'reject') rejected.push(`${row}: ${outcome.problem}`);
    else {
      const built = toInstrument(broker, outcome.fields);
      const problems = typeof built === 'string' ? [built] : rowProblems(built, rules);
      if (typeof built === 'string' || problems.length > 0) rejected.push(`${row}: ${problems.join(', ')}`);
      else if (seen.has(built.script_id)) rejected.push(`${row}: duplicate ${built.script_id}`);
      else {
        seen.add(built.script_id);
        instruments.push(built);
      }
    }
  });
  const traded = instruments.length + rejected.length;
  const problems = [
    ...(instruments.length < rules.minRows ? [`only ${instruments.length} usable rows; a complete master has at least ${rules.minRows}`] : []),
    ...(rejected.length > traded * (options.maxRejectedShare ?? DEFAULT_MAX_REJECTED_SHARE) ? rejected : []),
  ];
  if (problems.length > 0) throw new InstrumentMasterError(broker, problems);
  return { broker, instruments, skipped, rejected };
}

/** Reads a whole file's structure (CSV header, JSON array); a structural failure refuses the file. */
export function readStructure<T>(broker: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new InstrumentMasterError(broker, [error instanceof Error ? error.message : String(error)]);
  }
}

/** A table look-up that ignores inherited keys ("constructor", "toString"). */
export function lookup<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}
