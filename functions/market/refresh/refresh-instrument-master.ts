import { tradingDay } from '../../../shared/domain/market-clock';
import type { BrokerMaster } from '../loaders/broker-master';
import { serialiseMasterFile, type MasterFile } from '../master-file';
import { DEFAULT_MASTER_RULES, InstrumentMasterError, type MasterRules } from '../master-validation';
import type { MasterFeed } from './master-feed';
import { masterKeys } from './master-keys';
import type { MasterStore } from './master-store-port';
import { mergeBrokerMasters } from './merge-broker-masters';
import { mergedMasterProblems } from './merged-master-validation';
import { previousFeedRows } from './previous-feed-rows';
import type { FeedOutcome, RefreshReport } from './refresh-report';

/** A broker's master is tens of megabytes; a feed that has not finished by then is reported as failed. */
export const FEED_TIMEOUT_MS = 90_000;
const MAX_REASON_CHARS = 200;
const REASON_PROBLEMS = 2;

export interface RefreshInput {
  readonly feeds: readonly MasterFeed[];
  readonly store: MasterStore;
  readonly now: Date;
  /** The master stored before this run (null on the first run): a failed feed keeps its rows from it. */
  readonly previous: MasterFile | null;
  readonly rules?: MasterRules;
  readonly timeoutMs?: number;
}

type FeedResult = { readonly kind: 'ok'; readonly master: BrokerMaster } | { readonly kind: 'failed'; readonly reason: string };

function isTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** A short, secret-free reason: the feeds' URLs are public and loader problems name rows, not credentials. */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (isTimeout(error)) return `no complete answer within ${Math.round(timeoutMs / 1000)} s`;
  if (error instanceof InstrumentMasterError) {
    const more = error.problems.length > REASON_PROBLEMS ? ` (and ${error.problems.length - REASON_PROBLEMS} more)` : '';
    return `${error.problems.slice(0, REASON_PROBLEMS).join('; ')}${more}`.slice(0, MAX_REASON_CHARS);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`.slice(0, MAX_REASON_CHARS);
}

async function loadFeed(feed: MasterFeed, asOf: string, rules: MasterRules, timeoutMs: number): Promise<FeedResult> {
  try {
    return { kind: 'ok', master: await feed.load({ asOf, signal: AbortSignal.timeout(timeoutMs), loaderOptions: { rules } }) };
  } catch (error) {
    return { kind: 'failed', reason: reasonOf(error, timeoutMs) };
  }
}

function noteOf(feeds: readonly FeedOutcome[], previousAsOf: string | null): string {
  const fresh = feeds.flatMap((feed) => (feed.status === 'ok' ? [feed.feed] : []));
  const kept = feeds.flatMap((feed) => (feed.status === 'failed' ? [feed.feed] : []));
  const keptPart = kept.length > 0 ? ` Kept from ${previousAsOf ?? 'no previous master'}: ${kept.join(', ')}.` : '';
  return `Merged by the daily instrument-master refresh. Fresh: ${fresh.join(', ')}.${keptPart}`;
}

/**
 * Builds the day's master from the feeds and stores it when it is good. Feeds are read one after
 * another (one broker file in memory at a time); a failed feed keeps its previous rows; the merged
 * master must pass the master rules and keep at least half of each exchange. Stored as
 * `master/current.json`, then as the day's copy: the day's copy is written last, so its presence
 * means the day is done (see `daily-refresh.ts`).
 */
export async function refreshInstrumentMaster(input: RefreshInput): Promise<RefreshReport> {
  const asOf = tradingDay(input.now);
  const rules = input.rules ?? DEFAULT_MASTER_RULES;
  const timeoutMs = input.timeoutMs ?? FEED_TIMEOUT_MS;
  const previousAsOf = input.previous?.as_of ?? null;
  const masters: BrokerMaster[] = [];
  const feeds: FeedOutcome[] = [];
  for (const feed of input.feeds) {
    const result = await loadFeed(feed, asOf, rules, timeoutMs);
    if (result.kind === 'ok') {
      const { instruments, skipped, rejected } = result.master;
      masters.push(result.master);
      feeds.push({ feed: feed.name, status: 'ok', rows: instruments.length, skipped, rejected: rejected.length });
    } else {
      const kept = previousFeedRows(feed.name, input.previous?.instruments ?? [], asOf);
      masters.push(kept);
      feeds.push({ feed: feed.name, status: 'failed', reason: result.reason, keptRows: kept.instruments.length });
    }
  }
  const merged = mergeBrokerMasters(masters);
  const report = { asOf, previousAsOf, feeds, conflicts: merged.conflicts };
  const problems = feeds.some((feed) => feed.status === 'ok')
    ? mergedMasterProblems(merged.instruments, input.previous?.instruments ?? null, rules)
    : ['no feed gave a fresh master'];
  if (problems.length > 0) return { ...report, outcome: { kind: 'refused', problems } };
  const file: MasterFile = {
    source: input.feeds.map((feed) => feed.name).join('+'),
    as_of: asOf,
    note: noteOf(feeds, previousAsOf),
    instruments: [...merged.instruments],
  };
  const text = serialiseMasterFile(file);
  const keys = [masterKeys.current, masterKeys.day(asOf)];
  for (const key of keys) await input.store.write(key, text);
  return { ...report, outcome: { kind: 'stored', rows: merged.instruments.length, keys } };
}
