import { marketClockParts, tradingDay } from '../../../shared/domain/market-clock';
import type { Logger } from '../../platform/logger';
import { masterFileSchema, type MasterFile } from '../master-file';
import type { MasterRules } from '../master-validation';
import type { FeedSet } from './feed-sets';
import { expiryCalendarDifferences, missingHolidayListLines } from './calendar-check';
import { syncHolidayOverrides } from './holiday-overrides';
import { masterKeys } from './master-keys';
import type { MasterStore } from './master-store-port';
import { refreshInstrumentMaster } from './refresh-instrument-master';
import { attentionLine, needsAttention, type RefreshReport } from './refresh-report';

export type DailyRefreshResult =
  | { readonly kind: 'not-ready'; readonly asOf: string }
  | { readonly kind: 'up-to-date'; readonly asOf: string }
  | { readonly kind: 'refreshed'; readonly report: RefreshReport };

export interface DailyRefreshInput {
  readonly feedSet: Pick<FeedSet, 'feeds' | 'readyFromMinute'>;
  readonly store: MasterStore;
  readonly now: Date;
  readonly log: Logger;
  /** Tells the broker-panel admins, in one line, that a feed failed or the master was refused. */
  readonly alertAdmins: (line: string) => Promise<unknown>;
  readonly rules?: MasterRules;
  readonly timeoutMs?: number;
}

const LOGGED_CONFLICTS = 5;

function minuteOfDay(now: Date): number {
  const parts = marketClockParts(now);
  return parts ? Number(parts.hour) * 60 + Number(parts.minute) : 0;
}

/** The stored current master; null when there is none, or when it is unreadable (the run then starts afresh). */
async function storedMaster(store: MasterStore, log: Logger): Promise<MasterFile | null> {
  const stored = await store.read(masterKeys.current);
  if (!stored) return null;
  let json: unknown;
  try {
    json = JSON.parse(stored.text);
  } catch {
    json = null;
  }
  const parsed = masterFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  log.warn('stored instrument master is unreadable; refreshing without a previous day', { key: masterKeys.current });
  return null;
}

/** Tells the admins each line; a lost alert is logged and does not undo or repeat the refresh. */
async function alertEach(input: DailyRefreshInput, lines: readonly string[]): Promise<void> {
  for (const line of lines) {
    try {
      await input.alertAdmins(line);
    } catch (error) {
      input.log.error('instrument master alert not delivered', { error });
    }
  }
}

/** The calendar checks of a day whose master was stored: listed expiries against the calendar, and the holiday lists in force. */
async function calendarLines(input: DailyRefreshInput, asOf: string): Promise<string[]> {
  const stored = await storedMaster(input.store, input.log);
  const differences = stored && stored.as_of === asOf ? expiryCalendarDifferences(stored.instruments, asOf) : null;
  return [...(differences ? [differences] : []), ...missingHolidayListLines(input.now)];
}

/**
 * The schedule's use-case: once the day's files are published, builds and stores the day's master,
 * unless the day's copy is already stored (a cheap look, so every later run that day does nothing).
 * The admins' holiday overrides are read first (the calendar the day is built and checked with). A
 * failed feed, a refused master, listed expiries the calendar did not predict and a missing holiday
 * list are logged and told to the admins; the next run tries a refused day again.
 */
export async function runDailyMasterRefresh(input: DailyRefreshInput): Promise<DailyRefreshResult> {
  const asOf = tradingDay(input.now);
  if (minuteOfDay(input.now) < input.feedSet.readyFromMinute) return { kind: 'not-ready', asOf };
  if ((await input.store.version(masterKeys.day(asOf))) !== null) return { kind: 'up-to-date', asOf };
  const overrides = await syncHolidayOverrides(input.store, Number(asOf.slice(0, 4)));
  const previous = await storedMaster(input.store, input.log);
  const report = await refreshInstrumentMaster({
    feeds: input.feedSet.feeds,
    store: input.store,
    now: input.now,
    previous,
    ...(input.rules ? { rules: input.rules } : {}),
    ...(input.timeoutMs ? { timeoutMs: input.timeoutMs } : {}),
  });
  const summary = { asOf, feeds: report.feeds, outcome: report.outcome, conflicts: report.conflicts.length, firstConflicts: report.conflicts.slice(0, LOGGED_CONFLICTS) };
  const attention = needsAttention(report) ? [attentionLine(report)] : [];
  if (attention.length > 0) input.log.warn(attention.join(''), summary);
  else input.log.info('instrument master refreshed', summary);
  const calendar = [...overrides.problems, ...(report.outcome.kind === 'stored' ? await calendarLines(input, asOf) : [])];
  for (const line of calendar) input.log.warn(line, { asOf });
  await alertEach(input, [...attention, ...calendar]);
  return { kind: 'refreshed', report };
}
