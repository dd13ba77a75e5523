import type { BrokerMaster, LoaderOptions } from '../loaders/broker-master';

/** What a feed is asked for: the day being built, when to give up, and the loader's rules. */
export interface FeedRequest {
  readonly asOf: string;
  readonly signal: AbortSignal;
  readonly loaderOptions: LoaderOptions;
}

/**
 * One source of the daily master: a broker's published file (see `broker-feeds.ts`) or the sample
 * generator. `name` is also the `broker_tokens` key its rows carry, which is how a failed feed's rows
 * are found again in the previous master.
 */
export interface MasterFeed {
  readonly name: string;
  /** Fetches and parses; throws when the file is missing, late or fails its loader's checks. */
  load(request: FeedRequest): Promise<BrokerMaster>;
}
