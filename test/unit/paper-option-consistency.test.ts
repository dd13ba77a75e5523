import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { buildSampleMaster } from '../../functions/market/sample/build-sample-master';
import { expiryInstant } from '../../functions/broker-adapters/paper/expiry-time';
import { intrinsicValue } from '../../functions/broker-adapters/paper/option-pricing';
import { createPriceFeed } from '../../functions/broker-adapters/paper/price-feed';
import { RISK_FREE_RATE } from '../../functions/broker-adapters/paper/reference-levels';

/**
 * The paper feed's options against an independent Black-76 written here (its own normal CDF, its own
 * count of session and night seconds), across strikes from deep in to deep out of the money and from
 * 60 days to expiry down to the expiry itself, on rows of the sample master.
 */
const feed = createPriceFeed('option-consistency');
const master = buildSampleMaster('2026-01-05').instruments;
const DAY_MS = 86_400_000;
const YEAR_S = 365 * 86_400;
const TICK = 0.05;

function row(predicate: (instrument: Instrument) => boolean): Instrument {
  const found = master.find(predicate);
  if (!found) throw new Error('the sample master lacks a row the test needs');
  return found;
}

/** The master's farthest NIFTY monthly (about three months out), so every day of 0–60 lies before it. */
const niftyExpiry = master
  .filter((instrument) => instrument.name === 'NIFTY' && instrument.instrument_type === 'CE')
  .map((instrument) => instrument.expiry ?? '')
  .sort()
  .at(-1) as string;
const callTemplate = row((instrument) => instrument.name === 'NIFTY' && instrument.instrument_type === 'CE' && instrument.expiry === niftyExpiry);
const option = (right: 'CE' | 'PE', strike: number): Instrument => ({
  ...callTemplate,
  instrument_type: right,
  strike,
  trading_symbol: `NIFTY-${strike}-${right}`,
  script_id: `NFO:NIFTY-${strike}-${right}`,
});
const niftyFuture: Instrument = { ...row((instrument) => instrument.name === 'NIFTY' && instrument.instrument_type === 'FUT'), expiry: niftyExpiry };

/** Standard normal CDF by Zelen & Severo (Abramowitz–Stegun 26.2.17, error < 7.5e-8): not the feed's formula. */
function normal(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const density = Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
  const tail = density * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return x >= 0 ? 1 - tail : tail;
}

/**
 * Years of market time by counting: each weekday's 09:15–15:30 IST session counts 8 times a second of
 * night or weekend, and a calendar year holds one year (market-time.ts states the clock; this counts
 * it second by second over whole days and the two partial ones).
 */
function countedMarketYears(from: Date, to: Date): number {
  const sessionOpen = 9 * 3600 + 15 * 60;
  const sessionClose = 15 * 3600 + 30 * 60;
  const weightOfWeek = 5 * (86_400 + 7 * (sessionClose - sessionOpen)) + 2 * 86_400;
  let units = 0;
  const fromS = Math.floor(from.getTime() / 1000);
  const toS = Math.floor(to.getTime() / 1000);
  for (let dayStart = Math.floor((fromS + 19_800) / 86_400) * 86_400 - 19_800; dayStart < toS; dayStart += 86_400) {
    const weekday = new Date((dayStart + 19_800) * 1000).getUTCDay();
    const start = Math.max(fromS, dayStart);
    const end = Math.min(toS, dayStart + 86_400);
    if (end <= start) continue;
    units += end - start;
    if (weekday === 0 || weekday === 6) continue;
    const overlap = Math.max(0, Math.min(end, dayStart + sessionClose) - Math.max(start, dayStart + sessionOpen));
    units += 7 * overlap;
  }
  return units / ((weightOfWeek * 365) / 7);
}

function referenceBlack76(right: 'CE' | 'PE', spot: number, strike: number, at: Date, expiry: Date): number {
  const calendarYears = Math.max(0, (Math.floor(expiry.getTime() / 1000) - Math.floor(at.getTime() / 1000)) / YEAR_S);
  const forward = spot * Math.exp(RISK_FREE_RATE * calendarYears);
  const discount = Math.exp(-RISK_FREE_RATE * calendarYears);
  const deviation = 0.13 * Math.sqrt(countedMarketYears(at, expiry));
  if (deviation === 0) return intrinsicValue(right, spot, strike);
  const d1 = (Math.log(forward / strike) + (deviation * deviation) / 2) / deviation;
  const d2 = d1 - deviation;
  return right === 'CE' ? discount * (forward * normal(d1) - strike * normal(d2)) : discount * (strike * normal(-d2) - forward * normal(-d1));
}

const expiry = expiryInstant(niftyExpiry) as Date;
/** 60 days to expiry down to the expiry itself, at whatever hour and weekday each one falls on. */
const DAYS_TO_EXPIRY = [60, 45, 30, 21, 14, 9.6, 7, 5.25, 3, 2.1, 1, 0.5, 0.25, 0.04, 0];
const MONEYNESS = [0.8, 0.85, 0.9, 0.94, 0.97, 0.99, 1, 1.01, 1.03, 1.06, 1.1, 1.15, 1.2];

interface Snapshot {
  readonly at: Date;
  readonly spot: number;
  readonly strikes: readonly number[];
  readonly calls: readonly number[];
  readonly puts: readonly number[];
}

const snapshots: Snapshot[] = DAYS_TO_EXPIRY.map((days) => {
  const at = new Date(expiry.getTime() - days * DAY_MS);
  const spot = feed.underlyingLevel(callTemplate, at);
  const strikes = MONEYNESS.map((ratio) => Math.round((spot * ratio) / 50) * 50);
  return { at, spot, strikes, calls: strikes.map((strike) => feed.ltp(option('CE', strike), at)), puts: strikes.map((strike) => feed.ltp(option('PE', strike), at)) };
});

describe('paper options across strikes and days to expiry', () => {
  it('has the expiry 60 days or more ahead of the first instant, so every row is a live contract', () => {
    expect(expiry.getTime() - (snapshots[0]?.at.getTime() ?? Infinity)).toBeGreaterThanOrEqual(60 * DAY_MS);
  });

  it('prices calls falling and puts rising with the strike', () => {
    for (const { calls, puts } of snapshots) {
      calls.slice(1).forEach((call, index) => expect(call).toBeLessThanOrEqual(calls[index] ?? -Infinity));
      puts.slice(1).forEach((put, index) => expect(put).toBeGreaterThanOrEqual(puts[index] ?? Infinity));
    }
  });

  it('never quotes below intrinsic value or below one tick, and quotes exactly intrinsic at expiry', () => {
    for (const { spot, strikes, calls, puts, at } of snapshots) {
      strikes.forEach((strike, index) => {
        const [call, put] = [calls[index] ?? 0, puts[index] ?? 0];
        expect(call).toBeGreaterThanOrEqual(Math.max(TICK, intrinsicValue('CE', spot, strike) - 1e-9));
        expect(put).toBeGreaterThanOrEqual(Math.max(TICK, intrinsicValue('PE', spot, strike) - 1e-9));
        if (at.getTime() === expiry.getTime()) {
          expect(call).toBeCloseTo(Math.max(TICK, Math.ceil(intrinsicValue('CE', spot, strike) / TICK - 1e-9) * TICK), 6);
          expect(put).toBeCloseTo(Math.max(TICK, Math.ceil(intrinsicValue('PE', spot, strike) / TICK - 1e-9) * TICK), 6);
        }
      });
    }
  });

  it('stays within a tick (or 0.2 %) of an independent Black-76 on the forward, floored at intrinsic', () => {
    for (const { spot, strikes, calls, puts, at } of snapshots) {
      strikes.forEach((strike, index) => {
        for (const [right, quoted] of [['CE', calls[index]], ['PE', puts[index]]] as const) {
          const expected = Math.max(TICK, intrinsicValue(right, spot, strike), referenceBlack76(right, spot, strike, at, expiry));
          expect(Math.abs((quoted ?? 0) - expected)).toBeLessThanOrEqual(Math.max(TICK, 0.002 * expected));
        }
      });
    }
  });

  it('keeps put–call parity: C − P = e^(−rT)·(F − K), but where the intrinsic floor lifts a deep in-the-money put', () => {
    for (const { spot, strikes, calls, puts, at } of snapshots) {
      const years = (expiry.getTime() - at.getTime()) / (YEAR_S * 1000);
      strikes.forEach((strike, index) => {
        const parity = spot - strike * Math.exp(-RISK_FREE_RATE * years);
        const gap = Math.abs((calls[index] ?? 0) - (puts[index] ?? 0) - parity);
        const putFloorBinds = referenceBlack76('PE', spot, strike, at, expiry) < intrinsicValue('PE', spot, strike);
        // Two quotes each rounded to a tick (and a deep out-of-the-money one lifted to a tick).
        const rounding = 2 * TICK + 1e-6;
        expect(gap).toBeLessThanOrEqual(putFloorBinds ? rounding + strike * (1 - Math.exp(-RISK_FREE_RATE * years)) : rounding);
      });
    }
  });

  it('loses time value toward expiry: an at-the-money straddle is worth more at 30 days than at 3 and than at expiry', () => {
    const straddle = (days: number) => {
      const snapshot = snapshots[DAYS_TO_EXPIRY.indexOf(days)];
      const atTheMoney = MONEYNESS.indexOf(1);
      if (!snapshot) throw new Error('no snapshot');
      const strike = snapshot.strikes[atTheMoney] ?? 0;
      return (snapshot.calls[atTheMoney] ?? 0) + (snapshot.puts[atTheMoney] ?? 0) - Math.abs(snapshot.spot - strike);
    };
    expect(straddle(30)).toBeGreaterThan(straddle(3));
    expect(straddle(3)).toBeGreaterThan(straddle(0));
    expect(straddle(0)).toBeLessThanOrEqual(2 * TICK + 1e-9);
    // An at-the-money 30-day NIFTY straddle at 13 % is about 0.8·σ·√T·S ≈ 2.4 % of the index.
    const snapshot30 = snapshots[DAYS_TO_EXPIRY.indexOf(30)];
    expect(straddle(30) / (snapshot30?.spot ?? 1)).toBeGreaterThan(0.015);
    expect(straddle(30) / (snapshot30?.spot ?? 1)).toBeLessThan(0.035);
  });

  it('prices futures at the spot plus the cost of carry: a small basis that shrinks to nothing at expiry', () => {
    for (const { at, spot } of snapshots) {
      const years = (expiry.getTime() - at.getTime()) / (YEAR_S * 1000);
      const future = feed.ltp(niftyFuture, at);
      expect(Math.abs(future - spot * Math.exp(RISK_FREE_RATE * years))).toBeLessThanOrEqual(TICK / 2 + 1e-6);
      expect((future - spot) / spot).toBeGreaterThanOrEqual(-TICK / spot);
      expect((future - spot) / spot).toBeLessThan(0.011);
    }
  });

  it('prices a stock option and an MCX future of the master on the same terms', () => {
    const relianceCall = row((instrument) => instrument.name === 'RELIANCE' && instrument.instrument_type === 'CE' && instrument.strike === 1_400);
    const relianceAt = new Date((expiryInstant(relianceCall.expiry) as Date).getTime() - 10 * DAY_MS);
    const spot = feed.underlyingLevel(relianceCall, relianceAt);
    expect(feed.ltp(relianceCall, relianceAt)).toBeGreaterThanOrEqual(intrinsicValue('CE', spot, 1_400));
    expect(feed.ltp(relianceCall, relianceAt)).toBeLessThan(intrinsicValue('CE', spot, 1_400) + 0.05 * spot);
    const crude = row((instrument) => instrument.name === 'CRUDEOIL' && instrument.instrument_type === 'FUT');
    const crudeAt = new Date((expiryInstant(crude.expiry) as Date).getTime() - 20 * DAY_MS);
    const crudeSpot = feed.underlyingLevel(crude, crudeAt);
    expect(Math.abs(feed.ltp(crude, crudeAt) - crudeSpot * Math.exp((RISK_FREE_RATE * 20) / 365))).toBeLessThanOrEqual(crude.tick_size / 2 + 1e-6);
  });
});
