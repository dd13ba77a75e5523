import { reloadInstrumentMaster } from '../market/instrument-master';
import { alertBrokerPanelAdmins, configuredFranchiseIds } from '../market/refresh/admin-alert';
import { runDailyMasterRefresh, type DailyRefreshResult } from '../market/refresh/daily-refresh';
import { configuredFeedSet } from '../market/refresh/feed-sets';
import { configuredMasterStore } from '../market/refresh/master-store';
import { config } from '../platform/config';
import { now } from '../platform/clock';
import { createLogger } from '../platform/logger';

/**
 * Builds and stores the day's instrument master from the configured feeds (INSTRUMENT_FEEDS), once a
 * day; failures are told to every franchise's broker-panel admins. Afterwards this container looks
 * at the store at once, so a single-process runtime serves the new master without waiting.
 */
export async function refreshInstrumentMasterForToday(now: Date): Promise<DailyRefreshResult> {
  const log = createLogger({ worker: 'instrument-master-refresh' }, config().logLevel);
  const store = await configuredMasterStore();
  if (!store) throw new Error('Set FILES_BUCKET (AWS) or FILES_DIR (one machine) to store the instrument master');
  const result = await runDailyMasterRefresh({
    feedSet: configuredFeedSet(),
    store,
    now,
    log,
    alertAdmins: (line) => alertBrokerPanelAdmins(configuredFranchiseIds(), line, log),
  });
  if (result.kind === 'refreshed' && result.report.outcome.kind === 'stored') await reloadInstrumentMaster();
  return result;
}

/** The schedule's entry (every 30 minutes; only the first good run of a day, once the files are published, does work). */
export function handler(): Promise<DailyRefreshResult> {
  return refreshInstrumentMasterForToday(now());
}
