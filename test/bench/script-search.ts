import type { Instrument } from '../../shared/domain/instruments';
import { dayOf } from '../../functions/market/calendar-days';
import { parseMaster } from '../../functions/market/instrument-master';
import { serialiseMasterFile } from '../../functions/market/master-file';
import { buildSampleMaster } from '../../functions/market/sample/build-sample-master';

/** The bench's master is always the same day's: figures compare run to run. */
const BENCH_MASTER_DAY = '2026-11-23';
import { searchInstruments, type ScriptSearch } from '../../functions/market/search';
import { summariseLatency } from './latency-summary';

export interface ScriptSearchFigure {
  readonly rows: number;
  readonly bytes: number;
  /** Read + validate + index, once per container. */
  readonly loadMs: number;
  readonly queries: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

const QUERY_COUNT = 2_000;
const WARM_UP_QUERIES = 200;

/** A small deterministic generator, so every run times the same queries. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function pick<T>(list: readonly T[], random: () => number): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

/** What people type: symbol prefixes, company names, options by strike, typos, pasted symbols, base names per exchange. */
function queryMix(instruments: readonly Instrument[], today: number, count: number): ScriptSearch[] {
  const random = seededRandom(20_251_121);
  const equities = instruments.filter((row) => row.instrument_type === 'EQ');
  const options = instruments.filter((row) => row.strike !== null);
  const derivatives = instruments.filter((row) => row.instrument_type !== 'EQ');
  const makers: (() => ScriptSearch)[] = [
    () => {
      const symbol = pick(equities, random).trading_symbol;
      return { text: symbol.slice(0, 1 + Math.floor(random() * 4)), types: ['EQ'] };
    },
    () => ({ text: pick(equities, random).name.split(' ').slice(0, 2).join(' ') }),
    () => {
      const option = pick(options, random);
      return { text: `${option.name} ${option.strike} ${option.instrument_type}` };
    },
    () => {
      const option = pick(options, random);
      return { text: option.name, types: [option.instrument_type] };
    },
    () => {
      const symbol = pick(equities, random).trading_symbol;
      const at = Math.floor(random() * (symbol.length - 1));
      return { text: `${symbol.slice(0, at)}${symbol[at + 1] ?? ''}${symbol[at] ?? ''}${symbol.slice(at + 2)}` };
    },
    () => ({ text: pick(derivatives, random).trading_symbol }),
    () => {
      const row = pick(derivatives, random);
      return { text: row.name, exchange: row.exchange, match: 'base-name' };
    },
  ];
  return Array.from({ length: count }, () => ({ ...pick(makers, random)(), today }));
}

/** p50/p99 of script search over the full sample master of a fixed day (index built once, as in a container). */
export function measureScriptSearch(queries = QUERY_COUNT): ScriptSearchFigure {
  const text = serialiseMasterFile(buildSampleMaster(BENCH_MASTER_DAY));
  const loadStarted = performance.now();
  const master = parseMaster('sample-master.json', text);
  const loadMs = performance.now() - loadStarted;
  const today = dayOf(master.asOf);
  for (const search of queryMix(master.instruments, today, WARM_UP_QUERIES)) searchInstruments(master.searchIndex, search);
  const timings = queryMix(master.instruments, today, queries).map((search) => {
    const started = performance.now();
    searchInstruments(master.searchIndex, search);
    return performance.now() - started;
  });
  const { p50Ms, p99Ms, maxMs } = summariseLatency(timings);
  return { rows: master.instruments.length, bytes: Buffer.byteLength(text), loadMs, queries, p50Ms, p99Ms, maxMs };
}
