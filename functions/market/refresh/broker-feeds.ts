import { loadAngelMaster } from '../loaders/angel';
import { loadDhanMaster } from '../loaders/dhan';
import { loadFyersMaster } from '../loaders/fyers';
import { loadKiteMaster } from '../loaders/kite';
import { loadUpstoxMaster } from '../loaders/upstox';
import type { HttpFeedSpec } from './http-master-feed';

/** Fyers' segment files the platform trades (currency, NSE_CD, is left out as the loaders skip it anyway). */
const FYERS_SEGMENT_FILES = ['NSE_CM', 'NSE_FO', 'BSE_CM', 'BSE_FO', 'MCX_COM'] as const;

/**
 * Where each supported broker publishes its instrument master (reference/brokers.md §2.7, 3.7, 4.7,
 * 5.7, 6.7). Names are the `broker_tokens` keys the loaders write.
 */
export const BROKER_FEED_SPECS = {
  /** CSV, served gzip-encoded; brokers.md notes the Kite Connect headers, of which only the version is platform-wide. */
  kite: { name: 'kite', urls: ['https://api.kite.trade/instruments'], gzipped: false, headers: { 'X-Kite-Version': '3' }, load: loadKiteMaster },
  /** Public JSON, no auth; strikes and tick sizes in paise (the loader divides). */
  angel: { name: 'angel', urls: ['https://margincalculator.angelbroking.com/OpenAPI_File/files/OpenAPIScripMaster.json'], gzipped: false, load: loadAngelMaster },
  upstox: { name: 'upstox', urls: ['https://assets.upstox.com/market-quote/instruments/exchange/complete.json.gz'], gzipped: true, load: loadUpstoxMaster },
  fyers: { name: 'fyers', urls: FYERS_SEGMENT_FILES.map((segment) => `https://public.fyers.in/sym_details/${segment}.csv`), gzipped: false, load: loadFyersMaster },
  dhan: { name: 'dhan', urls: ['https://images.dhan.co/api-data/api-scrip-master.csv'], gzipped: false, load: loadDhanMaster },
} as const satisfies Readonly<Record<string, HttpFeedSpec>>;
