import { installHolidayOverrides } from '../holiday-calendar';
import { holidayFileSchema, type HolidayFile } from '../holidays';
import { MASTER_KEY_PREFIX } from './master-keys';
import type { MasterStore } from './master-store-port';

/**
 * An admin's holiday list for a year, stored beside the instrument master (`master/holidays/<year>.json`,
 * the same private store: S3 outside the served prefix, or `FILES_DIR/.private/` locally). It replaces
 * the bundled file of that year, or gives a year the release does not know yet, without a release.
 */
export const holidayOverrideKey = (year: number): string => `${MASTER_KEY_PREFIX}holidays/${year}.json`;

export interface HolidayOverrideRead {
  readonly files: readonly HolidayFile[];
  /** One line per stored file that could not be used (it is ignored; the bundled list stays). */
  readonly problems: readonly string[];
}

function problemsOf(text: string, year: number): { file: HolidayFile } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: `${holidayOverrideKey(year)} is not JSON` };
  }
  const parsed = holidayFileSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    return { problem: `${holidayOverrideKey(year)} is not a valid holiday file (${first.join('; ')})` };
  }
  if (parsed.data.year !== year) return { problem: `${holidayOverrideKey(year)} holds the list of ${parsed.data.year}` };
  return { file: parsed.data };
}

/** Reads the overrides stored for the given years; a missing one is not a problem, a bad one is. */
export async function readHolidayOverrides(store: Pick<MasterStore, 'read'>, years: readonly number[]): Promise<HolidayOverrideRead> {
  const files: HolidayFile[] = [];
  const problems: string[] = [];
  for (const year of years) {
    const stored = await store.read(holidayOverrideKey(year));
    if (!stored) continue;
    const outcome = problemsOf(stored.text, year);
    if ('file' in outcome) files.push(outcome.file);
    else problems.push(outcome.problem);
  }
  return { files, problems };
}

/** The years whose overrides matter at a moment: last year (rollover look-backs), this year and the next. */
export function overrideYearsAround(year: number): number[] {
  return [year - 1, year, year + 1];
}

/** Reads the stored overrides and puts them in force in this container. */
export async function syncHolidayOverrides(store: Pick<MasterStore, 'read'>, year: number): Promise<HolidayOverrideRead> {
  const read = await readHolidayOverrides(store, overrideYearsAround(year));
  installHolidayOverrides(read.files);
  return read;
}

/** How often a container looks for changed overrides (an admin's replacement is in force within this). */
export const HOLIDAY_OVERRIDE_RECHECK_MS = 5 * 60_000;

/**
 * A container's overrides kept fresh: read at first use (the caller waits), then again at most every
 * recheck interval in the background, so a signal or an order never waits on the store for them. A
 * store that cannot be read keeps the overrides already in force (and says why through `onProblem`).
 */
export function holidayOverrideKeeper(options: {
  readonly store: () => Promise<Pick<MasterStore, 'read'> | null>;
  readonly clock: () => number;
  readonly year: () => number;
  readonly onProblem: (problem: string) => void;
}): () => Promise<void> {
  let checkedAt: number | null = null;
  let running: Promise<void> | null = null;
  const sync = async () => {
    try {
      const store = await options.store();
      if (!store) return;
      const read = await syncHolidayOverrides(store, options.year());
      for (const problem of read.problems) options.onProblem(problem);
    } catch (error) {
      options.onProblem(`holiday overrides not read (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  let firstSync: Promise<void> | null = null;
  return () => {
    const at = options.clock();
    if (firstSync === null) {
      checkedAt = at;
      firstSync = sync();
      return firstSync;
    }
    if (checkedAt !== null && at - checkedAt >= HOLIDAY_OVERRIDE_RECHECK_MS && running === null) {
      checkedAt = at;
      running = sync().finally(() => {
        running = null;
      });
    }
    return firstSync;
  };
}
