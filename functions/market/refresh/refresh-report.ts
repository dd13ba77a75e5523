import type { FieldConflict } from './merge-broker-masters';

/** How one feed did: its fresh rows, or why it failed and how many of its previous rows were kept. */
export type FeedOutcome =
  | { readonly feed: string; readonly status: 'ok'; readonly rows: number; readonly skipped: number; readonly rejected: number }
  | { readonly feed: string; readonly status: 'failed'; readonly reason: string; readonly keptRows: number };

export type RefreshOutcome =
  | { readonly kind: 'stored'; readonly rows: number; readonly keys: readonly string[] }
  | { readonly kind: 'refused'; readonly problems: readonly string[] };

export interface RefreshReport {
  readonly asOf: string;
  /** The day of the master stored before this run, null on the first run. */
  readonly previousAsOf: string | null;
  readonly feeds: readonly FeedOutcome[];
  readonly conflicts: readonly FieldConflict[];
  readonly outcome: RefreshOutcome;
}

const MAX_PROBLEMS_IN_LINE = 3;

/** True when admins should hear about the run: a feed failed or the master was refused. */
export function needsAttention(report: RefreshReport): boolean {
  return report.outcome.kind === 'refused' || report.feeds.some((feed) => feed.status === 'failed');
}

/** One line for the admins: what failed, and which master is being served instead. */
export function attentionLine(report: RefreshReport): string {
  const failed = report.feeds.flatMap((feed) => (feed.status === 'failed' ? [`${feed.feed} (${feed.reason})`] : []));
  const feeds = failed.length > 0 ? ` Feeds failed: ${failed.join('; ')}.` : '';
  const serving = report.previousAsOf ? `the master of ${report.previousAsOf}` : 'the bundled sample master';
  if (report.outcome.kind === 'refused') {
    const shown = report.outcome.problems.slice(0, MAX_PROBLEMS_IN_LINE).join('; ');
    const more = report.outcome.problems.length > MAX_PROBLEMS_IN_LINE ? ` (and ${report.outcome.problems.length - MAX_PROBLEMS_IN_LINE} more)` : '';
    return `Instrument master for ${report.asOf} was not updated: ${shown}${more}.${feeds} Still serving ${serving}.`;
  }
  const previous = report.previousAsOf ? ` from ${report.previousAsOf}` : '';
  return `Instrument master for ${report.asOf} was updated, but some brokers' rows are kept${previous}.${feeds}`;
}
