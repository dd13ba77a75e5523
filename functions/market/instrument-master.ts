import type { Instrument } from '../../shared/domain/instruments';
import { tradingDay } from '../../shared/domain/market-clock';
import { now, nowMs } from '../platform/clock';
import { createLogger } from '../platform/logger';
import { masterFileSchema, serialiseMasterFile } from './master-file';
import { assertValidMaster, DEFAULT_MASTER_RULES, InstrumentMasterError, type MasterRules } from './master-validation';
import { masterKeys } from './refresh/master-keys';
import { holidayOverrideKeeper } from './refresh/holiday-overrides';
import { configuredMasterStore } from './refresh/master-store';
import { buildSampleMaster } from './sample/build-sample-master';
import { buildSearchIndex, type SearchIndex } from './search-index';

/**
 * The instrument master in memory: read, validated and indexed once per container (a cold Lambda or the
 * local runtime). A later reload that fails validation keeps the previous good master; a failing first
 * load throws a clear error (and the next call tries again). The container's master is the one the
 * daily refresh stored, looked at again every few minutes, or the bundled sample until there is one.
 */
export interface LoadedMaster {
  readonly source: string;
  readonly asOf: string;
  readonly instruments: readonly Instrument[];
  readonly byScriptId: ReadonlyMap<string, Instrument>;
  readonly searchIndex: SearchIndex;
}

export type ReloadOutcome =
  | { readonly kind: 'replaced'; readonly master: LoadedMaster }
  | { readonly kind: 'unchanged'; readonly master: LoadedMaster }
  | { readonly kind: 'kept-previous'; readonly master: LoadedMaster; readonly error: InstrumentMasterError };

export interface MasterHolder {
  /** The master in memory, loading it on first use. */
  current(): Promise<LoadedMaster>;
  /** Reads the source again; a bad file leaves the previous good master in place. */
  reload(): Promise<ReloadOutcome>;
}

/** A source the holder reads: its name (for messages) and its text. */
export interface MasterSource {
  readonly name: string;
  read(): Promise<string>;
  /** Which edition `read` would give now (the sample's day); a holder serving another edition reads it again. */
  edition?(): string;
}

function readJson(source: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InstrumentMasterError(source, [`not JSON (${error instanceof Error ? error.message : String(error)})`]);
  }
}

/** Parses, validates and indexes a master file's text; throws InstrumentMasterError naming every problem. */
export function parseMaster(source: string, text: string, rules: MasterRules = DEFAULT_MASTER_RULES): LoadedMaster {
  const parsed = masterFileSchema.safeParse(readJson(source, text));
  if (!parsed.success) {
    throw new InstrumentMasterError(source, parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`));
  }
  const { instruments, as_of: asOf } = parsed.data;
  assertValidMaster(source, instruments, rules);
  return {
    source,
    asOf,
    instruments,
    byScriptId: new Map(instruments.map((instrument) => [instrument.script_id, instrument])),
    searchIndex: buildSearchIndex(instruments),
  };
}

function unreadable(source: string, error: unknown): InstrumentMasterError {
  return new InstrumentMasterError(source, [`cannot be read (${error instanceof Error ? error.message : String(error)})`]);
}

async function load(source: MasterSource, rules: MasterRules): Promise<LoadedMaster> {
  let text: string;
  try {
    text = await source.read();
  } catch (error) {
    throw unreadable(source.name, error);
  }
  return parseMaster(source.name, text, rules);
}

export function createMasterHolder(source: MasterSource, rules: MasterRules = DEFAULT_MASTER_RULES): MasterHolder {
  let good: LoadedMaster | null = null;
  let firstLoad: Promise<LoadedMaster> | null = null;
  return {
    current() {
      if (good) return Promise.resolve(good);
      firstLoad ??= load(source, rules).then(
        (master) => {
          good = master;
          return master;
        },
        (error: unknown) => {
          firstLoad = null;
          throw error;
        },
      );
      return firstLoad;
    },
    async reload() {
      try {
        good = await load(source, rules);
        return { kind: 'replaced', master: good };
      } catch (error) {
        if (!good || !(error instanceof InstrumentMasterError)) throw error;
        return { kind: 'kept-previous', master: good, error };
      }
    },
  };
}

/** A stored master that can tell cheaply whether it changed (its version: an ETag, or inode, size and time). */
export interface StoredMasterSource {
  readonly name: string;
  /** Null when nothing is stored. */
  version(): Promise<string | null>;
  read(): Promise<{ readonly text: string; readonly version: string } | null>;
}

/** How often a container looks for a newer stored master: a new one is written at most once a day. */
export const STORED_MASTER_RECHECK_MS = 5 * 60_000;

export interface StoredMasterHolderOptions {
  readonly stored: StoredMasterSource;
  /** Served until a valid master is stored (the bundled sample). */
  readonly fallback: MasterSource;
  readonly rules?: MasterRules;
  readonly recheckMs?: number;
  /** Epoch milliseconds; the platform clock unless a test gives its own. */
  readonly clock?: () => number;
  /** A stored master that could not be used (unreadable or invalid); the holder keeps what it has. */
  readonly onProblem?: (error: InstrumentMasterError) => void;
}

/**
 * The stored master when there is a valid one, else the fallback. At most every `recheckMs` a call
 * first compares the stored version with the one last seen (cheap: no download), and only a changed
 * version is read and validated; a valid one replaces the master in memory, a bad one is reported once
 * and the previous good master stays.
 */
export function createStoredMasterHolder(options: StoredMasterHolderOptions): MasterHolder {
  const rules = options.rules ?? DEFAULT_MASTER_RULES;
  const recheckMs = options.recheckMs ?? STORED_MASTER_RECHECK_MS;
  const clock = options.clock ?? nowMs;
  const { stored } = options;
  let good: LoadedMaster | null = null;
  let loading: Promise<LoadedMaster> | null = null;
  let checking: Promise<ReloadOutcome> | null = null;
  /** The stored version last looked at, good or bad: a bad file is parsed once, not at every check. */
  let seenVersion: string | null = null;
  let checkedAt = 0;
  /** The fallback's edition while the fallback is served (null while a stored master is). */
  let fallbackEdition: string | null = null;

  const problem = (error: InstrumentMasterError) => {
    options.onProblem?.(error);
    return error;
  };

  /** The stored master parsed, the reason it cannot be used, or null when nothing is stored. */
  async function readStored(): Promise<LoadedMaster | InstrumentMasterError | null> {
    let file: Awaited<ReturnType<StoredMasterSource['read']>>;
    try {
      file = await stored.read();
    } catch (error) {
      return problem(unreadable(stored.name, error));
    }
    if (!file) return null;
    seenVersion = file.version;
    try {
      return parseMaster(stored.name, file.text, rules);
    } catch (error) {
      if (error instanceof InstrumentMasterError) return problem(error);
      throw error;
    }
  }

  async function firstLoad(): Promise<LoadedMaster> {
    checkedAt = clock();
    const fromStore = await readStored();
    if (fromStore instanceof InstrumentMasterError || fromStore === null) {
      const edition = options.fallback.edition?.() ?? '';
      const master = await load(options.fallback, rules);
      fallbackEdition = edition;
      return master;
    }
    fallbackEdition = null;
    return fromStore;
  }

  /** The fallback is served and a newer edition of it is due (the sample of a new day). */
  function fallbackIsStale(): boolean {
    return fallbackEdition !== null && options.fallback.edition !== undefined && options.fallback.edition() !== fallbackEdition;
  }

  function loadOnce(): Promise<LoadedMaster> {
    loading ??= firstLoad().then(
      (master) => {
        good = master;
        return master;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  async function check(master: LoadedMaster): Promise<ReloadOutcome> {
    checkedAt = clock();
    let version: string | null;
    try {
      version = await stored.version();
    } catch (error) {
      return { kind: 'kept-previous', master, error: problem(unreadable(stored.name, error)) };
    }
    if (version === null || version === seenVersion) return { kind: 'unchanged', master };
    const fromStore = await readStored();
    if (fromStore === null) return { kind: 'unchanged', master };
    if (fromStore instanceof InstrumentMasterError) return { kind: 'kept-previous', master, error: fromStore };
    good = fromStore;
    fallbackEdition = null;
    return { kind: 'replaced', master: fromStore };
  }

  function reload(): Promise<ReloadOutcome> {
    if (!good) return loadOnce().then((master) => ({ kind: 'replaced', master }));
    checking ??= check(good).finally(() => {
      checking = null;
    });
    return checking;
  }

  return {
    async current() {
      if (!good) return loadOnce();
      if (fallbackIsStale()) {
        good = null;
        loading = null;
        return loadOnce();
      }
      if (clock() - checkedAt < recheckMs) return good;
      return (await reload()).master;
    },
    reload,
  };
}

/**
 * The sample master (simulator data, `sample/build-sample-master.ts`) built for the platform clock's
 * trading day: served until a refreshed master is stored, and built again when the day changes, so its
 * expiries always lie ahead of the clock that reads them (never a committed file that ages).
 */
export const sampleMasterSource: MasterSource = {
  name: 'sample master',
  edition: () => tradingDay(now()),
  read: async () => serialiseMasterFile(buildSampleMaster(tradingDay(now()))),
};

/** The current master in this container's store (S3 or the local folder); nothing when no store is configured. */
const storedCurrentMaster: StoredMasterSource = {
  name: masterKeys.current,
  version: async () => (await (await configuredMasterStore())?.version(masterKeys.current)) ?? null,
  read: async () => (await (await configuredMasterStore())?.read(masterKeys.current)) ?? null,
};

const containerMaster = createStoredMasterHolder({
  stored: storedCurrentMaster,
  fallback: sampleMasterSource,
  onProblem: (error) => createLogger({ component: 'instrument-master' }).warn('stored instrument master not used', { problem: error.message }),
});

/** The admins' holiday overrides in force in this container, looked at again every few minutes. */
const keepHolidayOverrides = holidayOverrideKeeper({
  store: configuredMasterStore,
  clock: nowMs,
  year: () => Number(tradingDay(now()).slice(0, 4)),
  onProblem: (problem) => createLogger({ component: 'holiday-calendar' }).warn('holiday override not used', { problem }),
});

/** The master this container serves searches from (with the holiday lists in force brought up to date). */
export async function instrumentMaster(): Promise<LoadedMaster> {
  await keepHolidayOverrides();
  return containerMaster.current();
}

/** Looks at the stored master now rather than at the next check (the refresh calls it after storing one). */
export function reloadInstrumentMaster(): Promise<ReloadOutcome> {
  return containerMaster.reload();
}
