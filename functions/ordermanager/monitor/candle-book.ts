import { marketDayOf } from '../../../shared/domain/market-clock';
import type { Instrument } from '../../../shared/domain/instruments';
import { sessionOn } from '../../broker-adapters/paper/market-hours';
import { addTick, closeIfDue, type Candle, type CandleFrame, type CandleTimeframe } from '../../market/candles';

/**
 * The candles the monitor builds from the prices it reads (functions/signals/candles.ts), one per
 * script and timeframe, kept in memory across the ticks of a run — and across runs while the process
 * (a warm Lambda container, the local runtime) lives, so a candle whose end falls between two runs
 * still closes on the next run's first tick. Its close is then the last price seen in its bucket; a
 * cold start begins a fresh candle, so a CANDLE condition waits at most one more candle.
 */
export interface CandleBook {
  /** Feeds this tick's price; answers the candle that closed with it (at most one per tick), or null. */
  observe(instrument: Instrument, minutes: CandleTimeframe, price: number, at: Date): Candle | null;
}

const frameOf = (instrument: Instrument, minutes: CandleTimeframe): CandleFrame => ({
  minutes,
  sessionOpensAt: (at) => sessionOn(instrument, marketDayOf(at)).opensAt,
});

export function createCandleBook(): CandleBook {
  const building = new Map<string, Candle | null>();
  return {
    observe(instrument, minutes, price, at) {
      const key = `${instrument.script_id}|${minutes}`;
      const due = closeIfDue(building.get(key) ?? null, at);
      const step = addTick(frameOf(instrument, minutes), due.building, { at, price });
      building.set(key, step.building);
      return step.closed ?? due.closed;
    },
  };
}
