import * as z from 'zod';
import { CANDLE_TIMEFRAMES_MINUTES } from '../domain/constants';

/**
 * What POST /scripts/getcandles answers (an addition to spec §7): one day of a script's candles in a
 * timeframe of spec §5/§9, aligned to the session's open (09:15, 09:20, … for 5 minutes on NSE).
 */
export type CandleTimeframeMinutes = (typeof CANDLE_TIMEFRAMES_MINUTES)[number];

export const candleTimeframeSchema = z
  .number({ error: 'The candle timeframe must be a number of minutes.' })
  .int('The candle timeframe must be a whole number of minutes.')
  .refine(
    (minutes): minutes is CandleTimeframeMinutes => (CANDLE_TIMEFRAMES_MINUTES as readonly number[]).includes(minutes),
    `The candle timeframe must be one of ${CANDLE_TIMEFRAMES_MINUTES.join(', ')} minutes.`,
  );

export const priceCandleSchema = z.object({
  /** The bucket's first second, epoch seconds. */
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});
export type PriceCandle = z.infer<typeof priceCandleSchema>;

export const priceCandlesSchema = z.object({
  script_id: z.string(),
  timeframe: z.number().int(),
  /** The market day shown, yyyy-MM-dd (the clock's, or the last one that traded). */
  date: z.string(),
  /** False for a weekend or an exchange holiday: no candles. */
  is_trading_day: z.boolean(),
  /** The first and the end instant of the day's trading window (ISO); candles are aligned to `opens_at`. */
  opens_at: z.string(),
  closes_at: z.string(),
  /** The last second priced (ISO): now while the window is open, else its last second. */
  as_of: z.string(),
  /** Oldest first; the last one is still forming while the window is open. */
  candles: z.array(priceCandleSchema),
});
export type PriceCandles = z.infer<typeof priceCandlesSchema>;
