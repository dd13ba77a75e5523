import { scriptsContracts } from '../../shared/contracts/scripts';
import { createTestUser } from '../support/users';
import { createBenchApi } from './bench-api';
import { startBenchPlatform } from './bench-platform';
import { summariseLatency, type LatencySummary } from './latency-summary';

/**
 * The trader views' loads through the real handlers behind the local gateway (HTTP round trip, token
 * check included): NIFTY's option chain on its nearest expiry (31 strikes, calls and puts priced, with
 * change and open interest), and a day of 5-minute candles of its ATM call — the first request of a
 * day reads the day's minutes from the feed, later ones only the minutes since (the bench's paper
 * market trades around the clock, so the day runs from the last 09:15 up to now: how much the first
 * request reads depends on the hour the bench runs).
 */
export interface OptionChainFigure {
  readonly chain: LatencySummary & { readonly errors: number; readonly strikes: number };
  readonly candlesFirst: { readonly ms: number; readonly candles: number };
  readonly candlesWarm: LatencySummary & { readonly errors: number };
}

const CHAIN_CALLS = 50;
const CANDLE_CALLS = 20;
const WARM_UP_CALLS = 10;

export async function measureOptionChain(): Promise<OptionChainFigure> {
  const platform = await startBenchPlatform();
  const api = createBenchApi(platform.url);
  try {
    const { token } = await createTestUser();
    const chainOnce = () => api.call(scriptsContracts.getOptionChain, token, { underlying: 'NIFTY' });
    for (let i = 0; i < WARM_UP_CALLS; i += 1) await chainOnce();
    const chainTimings: number[] = [];
    let chainErrors = 0;
    let strikes = 0;
    let atmCall = '';
    for (let i = 0; i < CHAIN_CALLS; i += 1) {
      const answer = await chainOnce();
      chainTimings.push(answer.ms);
      if (answer.data === null) chainErrors += 1;
      else {
        strikes = answer.data.rows.length;
        atmCall = answer.data.rows.find((row) => row.is_atm)?.ce?.script_id ?? atmCall;
      }
    }
    if (atmCall === '') throw new Error('the option chain answered no ATM call');

    const candlesOnce = () => api.call(scriptsContracts.getCandles, token, { script_id: atmCall, timeframe: 5 });
    const first = await candlesOnce();
    if (first.data === null) throw new Error(`getcandles answered ${first.status}: ${first.text}`);
    const candleTimings: number[] = [];
    let candleErrors = 0;
    for (let i = 0; i < CANDLE_CALLS; i += 1) {
      const answer = await candlesOnce();
      candleTimings.push(answer.ms);
      if (answer.data === null) candleErrors += 1;
    }
    return {
      chain: { ...summariseLatency(chainTimings), errors: chainErrors, strikes },
      candlesFirst: { ms: first.ms, candles: first.data.candles.length },
      candlesWarm: { ...summariseLatency(candleTimings), errors: candleErrors },
    };
  } finally {
    api.close();
    await platform.stop();
  }
}
