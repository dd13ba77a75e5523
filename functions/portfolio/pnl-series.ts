import type { PnlPoint } from '../../shared/contracts/dashboard';
import type { Instrument } from '../../shared/domain/instruments';
import type { PaperPosition } from '../broker-adapters/paper/account-state';
import { applyFill, unrealisedPnl } from '../broker-adapters/paper/positions';
import { roundMoney } from '../broker-adapters/paper/price-math';
import type { DayFill } from './todays-fills';

/**
 * Today's P&L through the day, from the day's fills and the price of each traded script at each point
 * (see `pnlSeriesSchema`). Positions follow the paper broker's own arithmetic (average price, realised on
 * reduce, unrealised at the price of the moment), so the last point of a paper account's day equals what
 * its broker reports for the positions opened today. The work is bounded: at most `MAX_PRICE_READS`
 * prices per answer, the step between points growing with the number of scripts.
 */
export const MAX_PRICE_READS = 24_000;
/** 09:15 in Asia/Kolkata, minutes after the market day begins. */
export const MARKET_OPEN_MINUTE = 9 * 60 + 15;
const MINUTE_MS = 60_000;

export type PriceReader = (instruments: readonly Instrument[], at: Date) => Promise<ReadonlyMap<string, number>>;

export interface SeriesTimes {
  readonly stepMinutes: number;
  readonly times: readonly number[];
}

/** The instants of the line: from the open (or the first fill, if earlier, on its minute) every step to now, and now. */
export function seriesTimes(dayStartMs: number, firstFillMs: number | null, nowMs: number, scripts: number): SeriesTimes {
  const openMs = dayStartMs + MARKET_OPEN_MINUTE * MINUTE_MS;
  const start = Math.max(dayStartMs, firstFillMs === null ? openMs : Math.min(openMs, Math.floor(firstFillMs / MINUTE_MS) * MINUTE_MS));
  if (nowMs <= start) return { stepMinutes: 1, times: [nowMs] };
  const spanMinutes = Math.ceil((nowMs - start) / MINUTE_MS);
  const stepMinutes = Math.max(1, Math.ceil((spanMinutes * Math.max(1, scripts)) / MAX_PRICE_READS));
  const times: number[] = [];
  for (let at = start; at < nowMs; at += stepMinutes * MINUTE_MS) times.push(at);
  times.push(nowMs);
  return { stepMinutes, times };
}

const positionKey = (fill: DayFill) => `${fill.brokerId}|${fill.instrument.script_id}|${fill.product}`;

/** The P&L at each instant of `times` (ascending) given the fills (oldest first). */
export async function pnlPoints(fills: readonly DayFill[], times: readonly number[], priceAt: PriceReader): Promise<PnlPoint[]> {
  const positions = new Map<string, PaperPosition>();
  let realised = 0;
  let applied = 0;
  const points: PnlPoint[] = [];
  for (const at of times) {
    for (; applied < fills.length && (fills[applied] as DayFill).atMs <= at; applied += 1) {
      const fill = fills[applied] as DayFill;
      const key = positionKey(fill);
      const stamp = new Date(fill.atMs).toISOString();
      const step = applyFill(positions.get(key), { ...fill, at: stamp });
      positions.set(key, step.position);
      realised = roundMoney(realised + step.realisedPnl);
    }
    const open = [...positions.values()].filter((position) => position.netQuantity !== 0);
    const prices = open.length === 0 ? new Map<string, number>() : await priceAt(open.map((position) => position.instrument), new Date(at));
    const unrealised = open.reduce((total, position) => total + unrealisedPnl(position, prices.get(position.instrument.script_id) ?? position.averagePrice), 0);
    points.push({ at: new Date(at).toISOString(), realised_pnl: realised, total_pnl: roundMoney(realised + unrealised) });
  }
  return points;
}
