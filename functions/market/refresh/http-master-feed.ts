import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { BrokerMaster, LoaderOptions } from '../loaders/broker-master';
import type { MasterFeed } from './master-feed';

const gunzipBytes = promisify(gunzip);

/** How to fetch one broker's master and which loader reads it (reference/brokers.md §2.7–6.7). */
export interface HttpFeedSpec {
  readonly name: string;
  /** One file, or several parts joined in order (Fyers publishes one headerless CSV per segment). */
  readonly urls: readonly string[];
  /**
   * The file itself is gzip (Upstox `complete.json.gz`). A gzip *transfer* encoding (Kite) needs nothing:
   * fetch undoes it, which is also why a gzipped file is only unzipped when it still starts like gzip.
   */
  readonly gzipped: boolean;
  readonly headers?: Readonly<Record<string, string>>;
  readonly load: (text: string, options?: LoaderOptions) => BrokerMaster;
}

export class FeedFetchError extends Error {}

const GZIP_MAGIC = [0x1f, 0x8b] as const;

async function textOf(bytes: Uint8Array, gzipped: boolean): Promise<string> {
  const isGzip = bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
  const plain = gzipped && isGzip ? await gunzipBytes(bytes) : Buffer.from(bytes);
  return plain.toString('utf8');
}

async function fetchPart(spec: HttpFeedSpec, url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { headers: { ...spec.headers }, signal });
  if (!response.ok) {
    await response.body?.cancel();
    throw new FeedFetchError(`HTTP ${response.status} from ${url}`);
  }
  return textOf(new Uint8Array(await response.arrayBuffer()), spec.gzipped);
}

/** Parts are fetched one after another: a broker's master is large, and one in memory at a time is enough. */
export function httpMasterFeed(spec: HttpFeedSpec): MasterFeed {
  return {
    name: spec.name,
    async load({ signal, loaderOptions }) {
      const parts: string[] = [];
      for (const url of spec.urls) parts.push(await fetchPart(spec, url, signal));
      return spec.load(parts.join('\n'), loaderOptions);
    },
  };
}
