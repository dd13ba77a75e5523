import { readFile } from 'node:fs/promises';
import type { Instrument } from '../../shared/domain/instruments';
import { masterFileSchema } from './master-file';
import { assertValidMaster, DEFAULT_MASTER_RULES, InstrumentMasterError, type MasterRules } from './master-validation';
import { buildSearchIndex, type SearchIndex } from './search-index';

/**
 * The instrument master in memory: read, validated and indexed once per container (a cold Lambda or the
 * local runtime). A later reload that fails validation keeps the previous good master; a failing first
 * load throws a clear error (and the next call tries again).
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

async function load(source: MasterSource, rules: MasterRules): Promise<LoadedMaster> {
  let text: string;
  try {
    text = await source.read();
  } catch (error) {
    throw new InstrumentMasterError(source.name, [`cannot be read (${error instanceof Error ? error.message : String(error)})`]);
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

/** The sample master that ships with the code (simulator data; see `sample/generate-sample-master.ts`). */
export const SAMPLE_MASTER_URL = new URL('./sample/sample-master.json', import.meta.url);

export const sampleMasterSource: MasterSource = {
  name: 'sample-master.json',
  read: () => readFile(SAMPLE_MASTER_URL, 'utf8'),
};

const containerMaster = createMasterHolder(sampleMasterSource);

/** The master this container serves searches from. */
export function instrumentMaster(): Promise<LoadedMaster> {
  return containerMaster.current();
}
