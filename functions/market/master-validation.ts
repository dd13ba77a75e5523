import { instrumentSchema, scriptIdOf, type Instrument } from '../../shared/domain/instruments';
import { parseDay } from '../../shared/domain/market-clock';
import { tradingSymbolOf } from './symbol-format';

/** Sanity rules every instrument master must pass before it replaces the one in memory. */
export interface MasterRules {
  readonly minRows: number;
  readonly maxLotSize: number;
  readonly maxTickSize: number;
}

export const DEFAULT_MASTER_RULES: MasterRules = { minRows: 1_000, maxLotSize: 200_000, maxTickSize: 100 };

const CASH_EXCHANGES: ReadonlySet<string> = new Set(['NSE', 'BSE']);
const EQUITY_SYMBOL = /^[A-Z0-9][A-Z0-9&\-_.]*$/;
const MAX_PROBLEMS_IN_MESSAGE = 5;

interface RowCheck {
  readonly fails: (row: Instrument, rules: MasterRules) => boolean;
  readonly problem: (row: Instrument, rules: MasterRules) => string;
}

const isEquity = (row: Instrument) => row.instrument_type === 'EQ';
const isOption = (row: Instrument) => row.instrument_type === 'CE' || row.instrument_type === 'PE';

function canonicalSymbolOf(row: Instrument): string | null {
  try {
    return tradingSymbolOf({ base: row.name, instrumentType: row.instrument_type, expiry: row.expiry, strike: row.strike });
  } catch {
    return null;
  }
}

const ROW_CHECKS: readonly RowCheck[] = [
  {
    fails: (row) => row.script_id !== scriptIdOf(row.exchange, row.trading_symbol),
    problem: (row) => `script_id must be ${scriptIdOf(row.exchange, row.trading_symbol)}`,
  },
  { fails: (row, rules) => row.lot_size > rules.maxLotSize, problem: (row, rules) => `lot_size ${row.lot_size} is above ${rules.maxLotSize}` },
  { fails: (row, rules) => row.tick_size > rules.maxTickSize, problem: (row, rules) => `tick_size ${row.tick_size} is above ${rules.maxTickSize}` },
  { fails: (row) => isEquity(row) !== CASH_EXCHANGES.has(row.exchange), problem: (row) => `${row.instrument_type} does not trade on ${row.exchange}` },
  { fails: (row) => isEquity(row) && row.lot_size !== 1, problem: (row) => `an equity trades in lots of 1, not ${row.lot_size}` },
  { fails: (row) => isEquity(row) && (row.expiry !== null || row.strike !== null), problem: () => 'an equity has no expiry or strike' },
  { fails: (row) => isEquity(row) && !EQUITY_SYMBOL.test(row.trading_symbol), problem: (row) => `${row.trading_symbol} is not an equity symbol` },
  { fails: (row) => !isEquity(row) && (row.expiry === null || parseDay(row.expiry) === null), problem: (row) => `expiry ${row.expiry} is not a yyyy-MM-dd date` },
  { fails: (row) => isOption(row) && !(row.strike !== null && row.strike > 0), problem: (row) => `an option needs a positive strike, not ${row.strike}` },
  { fails: (row) => row.instrument_type === 'FUT' && row.strike !== null, problem: () => 'a future has no strike' },
  {
    fails: (row) => !isEquity(row) && canonicalSymbolOf(row) !== row.trading_symbol,
    problem: (row) => `trading_symbol ${row.trading_symbol} is not the canonical ${canonicalSymbolOf(row) ?? '(unbuildable)'}`,
  },
];

/** Problems of one candidate row: its shape (the instrument schema), then the sanity checks. */
export function rowProblems(candidate: unknown, rules: MasterRules = DEFAULT_MASTER_RULES): string[] {
  const parsed = instrumentSchema.safeParse(candidate);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`);
  return ROW_CHECKS.filter((check) => check.fails(parsed.data, rules)).map((check) => check.problem(parsed.data, rules));
}

/** Problems of a whole master: too few rows, bad rows, duplicate script ids. Empty when the master is good. */
export function masterProblems(rows: readonly Instrument[], rules: MasterRules = DEFAULT_MASTER_RULES): string[] {
  const problems: string[] = [];
  if (rows.length < rules.minRows) problems.push(`only ${rows.length} rows; a complete master has at least ${rules.minRows}`);
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    for (const problem of rowProblems(row, rules)) problems.push(`row ${index + 1} (${row.script_id}): ${problem}`);
    if (seen.has(row.script_id)) problems.push(`row ${index + 1}: duplicate script_id ${row.script_id}`);
    seen.add(row.script_id);
  });
  return problems;
}

/** A master that failed its checks; the message names the source and the first problems. */
export class InstrumentMasterError extends Error {
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    const shown = problems.slice(0, MAX_PROBLEMS_IN_MESSAGE).join('; ');
    const more = problems.length > MAX_PROBLEMS_IN_MESSAGE ? ` (and ${problems.length - MAX_PROBLEMS_IN_MESSAGE} more)` : '';
    super(`Instrument master ${source} rejected, ${problems.length} problem(s): ${shown}${more}`);
    this.name = 'InstrumentMasterError';
  }
}

export function assertValidMaster(source: string, rows: readonly Instrument[], rules: MasterRules = DEFAULT_MASTER_RULES): void {
  const problems = masterProblems(rows, rules);
  if (problems.length > 0) throw new InstrumentMasterError(source, problems);
}
