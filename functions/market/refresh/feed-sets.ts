import * as z from 'zod';
import { ENV } from '../../../shared/config/env-names';
import { config, ConfigError } from '../../platform/config';
import { BROKER_FEED_SPECS } from './broker-feeds';
import { httpMasterFeed } from './http-master-feed';
import type { MasterFeed } from './master-feed';
import { sampleMasterFeed } from './sample-feed';

/** The feeds a refresh reads, and from when in the day (Asia/Kolkata) they describe that day. */
export interface FeedSet {
  readonly name: FeedSetName;
  readonly feeds: readonly MasterFeed[];
  /** Minutes after midnight before which the published files still describe the day before. */
  readonly readyFromMinute: number;
}

export const FEED_SET_NAMES = ['sample', 'brokers'] as const;
export type FeedSetName = (typeof FEED_SET_NAMES)[number];

/**
 * Brokers regenerate their masters once a day (brokers.md §2.7); when exactly is not documented, so the
 * refresh waits until 08:00, before the 09:00 pre-open, rather than store last night's file as today's.
 * The sample is computed for the day, so it is ready at midnight.
 */
const BROKERS_READY_FROM_MINUTE = 8 * 60;

const FEED_SETS: Readonly<Record<FeedSetName, FeedSet>> = {
  sample: { name: 'sample', feeds: [sampleMasterFeed], readyFromMinute: 0 },
  brokers: { name: 'brokers', feeds: Object.values(BROKER_FEED_SPECS).map(httpMasterFeed), readyFromMinute: BROKERS_READY_FROM_MINUTE },
};

const feedSetNameSchema = z.enum(FEED_SET_NAMES).optional();

/** INSTRUMENT_FEEDS names the set; unset, one machine uses the sample and AWS the brokers' files. */
export function configuredFeedSet(env: NodeJS.ProcessEnv = process.env): FeedSet {
  const parsed = feedSetNameSchema.safeParse(env[ENV.instrumentFeeds]?.trim() || undefined);
  if (!parsed.success) throw new ConfigError(`${ENV.instrumentFeeds} must be one of ${FEED_SET_NAMES.join(', ')}`);
  return FEED_SETS[parsed.data ?? (config().stage === 'local' ? 'sample' : 'brokers')];
}
