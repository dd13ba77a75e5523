import { beforeEach, describe, expect, it } from 'vitest';
import { instrumentMaster } from '../../functions/market/instrument-master';
import { useClock } from '../../functions/platform/clock';
import { lastTradedPrices } from '../../functions/market/ltp';
import { resolveInstrument, type ResolvedInstrument } from '../../functions/signals/resolve/resolve-instrument';
import type { Instrument } from '../../shared/domain/instruments';

/** Against the sample master the runtime builds for the clock's day, and the paper feed's prices, at a fixed instant. */
const AT = new Date('2026-11-20T05:00:00.000Z'); // Friday 10:30 IST
beforeEach(() => {
  useClock(AT);
});

function instrumentOf(resolved: ResolvedInstrument): Instrument {
  if (!resolved.ok) throw new Error(`expected an instrument, got: ${resolved.reason}`);
  return resolved.instrument;
}

function reasonOf(resolved: ResolvedInstrument): string {
  if (resolved.ok) throw new Error(`expected a refusal, got ${resolved.instrument.script_id}`);
  return resolved.reason;
}

async function chainOf(name: string, side: 'CE' | 'PE', expiry: string): Promise<Instrument[]> {
  const master = await instrumentMaster();
  return master.instruments.filter((i) => i.name === name && i.instrument_type === side && i.expiry === expiry).sort((a, b) => (a.strike ?? 0) - (b.strike ?? 0));
}

describe('resolving a symbol', () => {
  it('finds an exact trading symbol, on NSE before BSE when no exchange is given', async () => {
    expect(instrumentOf(await resolveInstrument({ kind: 'symbol', symbol: 'SBIN', exchange: null }, AT)).script_id).toBe('NSE:SBIN');
    expect(instrumentOf(await resolveInstrument({ kind: 'symbol', symbol: 'SBIN', exchange: 'BSE' }, AT)).script_id).toBe('BSE:SBIN');
    expect(instrumentOf(await resolveInstrument({ kind: 'symbol', symbol: 'NIFTY29DEC26FUT', exchange: null }, AT)).script_id).toBe('NFO:NIFTY29DEC26FUT');
  });

  it('refuses a symbol the master does not list, naming it', async () => {
    expect(reasonOf(await resolveInstrument({ kind: 'symbol', symbol: 'NOSUCH', exchange: null }, AT))).toContain('NOSUCH');
    expect(reasonOf(await resolveInstrument({ kind: 'symbol', symbol: 'SBIN', exchange: 'MCX' }, AT))).toContain('MCX:SBIN');
  });
});

describe('resolving a future', () => {
  it('takes the expiry gap-th monthly contract', async () => {
    const near = instrumentOf(await resolveInstrument({ kind: 'future', underlying: 'NIFTY', expiryType: 'monthly', expiryGap: 0 }, AT));
    const next = instrumentOf(await resolveInstrument({ kind: 'future', underlying: 'NIFTY', expiryType: 'monthly', expiryGap: 1 }, AT));
    expect([near.trading_symbol, next.trading_symbol]).toEqual(['NIFTY23NOV26FUT', 'NIFTY29DEC26FUT']);
    expect(instrumentOf(await resolveInstrument({ kind: 'future', underlying: 'SBIN', expiryType: 'monthly', expiryGap: 0 }, AT)).instrument_type).toBe('FUT');
  });

  it('refuses an expiry the master does not list and a weekly expiry of an underlying without one', async () => {
    expect(reasonOf(await resolveInstrument({ kind: 'future', underlying: 'NIFTY', expiryType: 'monthly', expiryGap: 6 }, AT))).toMatch(/NIFTY lists 3 monthly expiries ahead .*expiry gap 6 is beyond the listed chain/);
    expect(reasonOf(await resolveInstrument({ kind: 'future', underlying: 'BANKNIFTY', expiryType: 'weekly', expiryGap: 0 }, AT))).toMatch(/no weekly expiry/);
  });
});

describe('resolving an option by ATM ± gap', () => {
  it('measures an equity underlying against its own LTP and moves out of the money by the gap', async () => {
    const spot = (await lastTradedPrices([(await instrumentMaster()).byScriptId.get('NSE:SBIN') as Instrument], AT)).get('NSE:SBIN') ?? 0;
    const atmCall = instrumentOf(await resolveInstrument({ kind: 'option-atm', underlying: 'SBIN', side: 'CE', expiryType: 'monthly', expiryGap: 0, atmGap: 0 }, AT));
    const strikes = (await chainOf('SBIN', 'CE', atmCall.expiry ?? '')).map((option) => option.strike ?? 0);
    const nearest = strikes.reduce((best, strike) => (Math.abs(strike - spot) < Math.abs(best - spot) ? strike : best));
    expect(atmCall.strike).toBe(nearest);
    const otmCall = instrumentOf(await resolveInstrument({ kind: 'option-atm', underlying: 'SBIN', side: 'CE', expiryType: 'monthly', expiryGap: 0, atmGap: 2 }, AT));
    const otmPut = instrumentOf(await resolveInstrument({ kind: 'option-atm', underlying: 'SBIN', side: 'PE', expiryType: 'monthly', expiryGap: 0, atmGap: 2 }, AT));
    expect(otmCall.strike).toBe(nearest + 20);
    expect(otmPut.strike).toBe(nearest - 20);
    expect(otmPut.instrument_type).toBe('PE');
  });

  it('finds an index ATM where call and put premiums are closest (the master has no index spot)', async () => {
    const atm = instrumentOf(await resolveInstrument({ kind: 'option-atm', underlying: 'NIFTY', side: 'CE', expiryType: 'weekly', expiryGap: 1, atmGap: 0 }, AT));
    expect(atm.expiry).toBe('2026-12-01');
    const calls = await chainOf('NIFTY', 'CE', '2026-12-01');
    const puts = await chainOf('NIFTY', 'PE', '2026-12-01');
    const prices = await lastTradedPrices([...calls, ...puts], AT);
    const gapAt = (strike: number) => {
      const call = calls.find((option) => option.strike === strike) as Instrument;
      const put = puts.find((option) => option.strike === strike) as Instrument;
      return Math.abs((prices.get(call.script_id) ?? 0) - (prices.get(put.script_id) ?? 0));
    };
    const step = 50;
    expect(gapAt(atm.strike ?? 0)).toBeLessThan(Math.min(gapAt((atm.strike ?? 0) - step), gapAt((atm.strike ?? 0) + step)));
    const itm = instrumentOf(await resolveInstrument({ kind: 'option-atm', underlying: 'NIFTY', side: 'CE', expiryType: 'weekly', expiryGap: 1, atmGap: -3 }, AT));
    expect(itm.strike).toBe((atm.strike ?? 0) - 3 * step);
  });

  it('refuses a gap beyond the chain', async () => {
    expect(reasonOf(await resolveInstrument({ kind: 'option-atm', underlying: 'SBIN', side: 'CE', expiryType: 'monthly', expiryGap: 0, atmGap: 500 }, AT))).toMatch(/500 strikes out of the money/);
  });
});

describe('resolving an option by premium', () => {
  it('takes the option whose premium is nearest the asked one, within max variation', async () => {
    const puts = await chainOf('NIFTY', 'PE', '2026-11-23');
    const prices = await lastTradedPrices(puts, AT);
    const target = puts[Math.floor(puts.length / 2) - 3] as Instrument;
    const premium = prices.get(target.script_id) ?? 0;
    const chosen = instrumentOf(await resolveInstrument({ kind: 'option-premium', underlying: 'NIFTY', side: 'PE', expiryType: 'weekly', expiryGap: 0, premium: premium + 0.5, maxVariation: 1 }, AT));
    expect(chosen.script_id).toBe(target.script_id);
  });

  it('refuses when no premium is within max variation', async () => {
    const reason = reasonOf(await resolveInstrument({ kind: 'option-premium', underlying: 'NIFTY', side: 'CE', expiryType: 'weekly', expiryGap: 0, premium: 1_000_000, maxVariation: 5 }, AT));
    expect(reason).toMatch(/within 5 of 1000000/);
  });
});
