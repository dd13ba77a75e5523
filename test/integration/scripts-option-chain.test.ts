import { beforeAll, describe, expect, it } from 'vitest';
import { createPriceFeed } from '../../functions/broker-adapters/paper/price-feed';
import { contractCutoff } from '../../functions/market/contract-cutoff';
import { instrumentMaster } from '../../functions/market/instrument-master';
import { findScript } from '../../functions/market/ltp';
import { nowMs } from '../../functions/platform/clock';
import { errorEnvelopeSchema, successEnvelope } from '../../shared/contracts/envelope';
import { optionChainSchema, optionUnderlyingSchema, type OptionChain, type OptionChainLeg } from '../../shared/contracts/option-chain';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import * as z from 'zod';

const api = useGateway();
const chainEnvelope = successEnvelope(optionChainSchema.strict());
const offersEnvelope = successEnvelope(z.array(optionUnderlyingSchema.strict()));
const paperFeed = createPriceFeed();

let caller: TestUser;
beforeAll(async () => {
  caller = await createTestUser();
});

const getChain = (body: unknown) => api.call('POST', '/scripts/getoptionchain', { token: caller.token, body });

async function chainOf(body: unknown): Promise<OptionChain> {
  const answer = await getChain(body);
  expect(answer.status, answer.text).toBe(200);
  return chainEnvelope.parse(answer.body).data;
}

/** The underlying's option expiries the master lists and that still trade at `at`, nearest first: computed here from the master's rows. */
async function listedLiveExpiries(underlying: string, exchange: 'NFO' | 'BFO', at: number): Promise<string[]> {
  const rows = (await instrumentMaster()).instruments.filter(
    (row) => row.name === underlying && row.exchange === exchange && (row.instrument_type === 'CE' || row.instrument_type === 'PE'),
  );
  const expiries = [...new Set(rows.map((row) => row.expiry ?? ''))].sort();
  return expiries.filter((expiry) => (contractCutoff({ exchange, name: underlying, expiry })?.getTime() ?? 0) > at);
}

/** The strikes the master lists for an underlying's calls of one expiry, lowest first. */
async function listedStrikes(underlying: string, expiry: string): Promise<number[]> {
  const rows = (await instrumentMaster()).instruments.filter((row) => row.name === underlying && row.instrument_type === 'CE' && row.expiry === expiry);
  return [...new Set(rows.map((row) => row.strike ?? 0))].sort((a, b) => a - b);
}

async function expectLegPricedAtQuote(leg: OptionChainLeg, chain: OptionChain, type: 'CE' | 'PE', strike: number): Promise<void> {
  const instrument = await findScript(leg.script_id);
  expect(instrument).toMatchObject({ instrument_type: type, strike, expiry: chain.expiry, name: chain.underlying, lot_size: leg.lot_size });
  expect(leg.ltp).toBe(paperFeed.ltp(instrument, new Date(chain.as_of)));
  if (leg.previous_close === null || leg.change === null) throw new Error('the paper market has a previous session');
  expect(leg.change).toBeCloseTo(leg.ltp - leg.previous_close, 6);
  expect(leg.oi).toBeGreaterThan(0);
  expect((leg.oi ?? 0) % leg.lot_size).toBe(0);
  expect(Number.isInteger(leg.oi_change)).toBe(true);
}

describe('POST /scripts/getoptionchain', () => {
  it("answers NIFTY's nearest listed expiry: 15 strikes each side of the marked ATM strike, calls and puts priced, with change and open interest", async () => {
    // Prepare
    const asked = nowMs();
    // Act
    const chain = await chainOf({ underlying: 'nifty' });
    // Assess
    const expiries = await listedLiveExpiries('NIFTY', 'NFO', asked);
    expect(chain).toMatchObject({ underlying: 'NIFTY', exchange: 'NFO', expiries, expiry: expiries[0], strike_step: 50 });
    expect(chain.underlying_price).toMatchObject({ source: 'synthetic', script_id: null });
    const atmRows = chain.rows.filter((row) => row.is_atm);
    expect(atmRows).toEqual([expect.objectContaining({ strike: chain.atm_strike })]);
    expect(Math.abs(chain.atm_strike - chain.underlying_price.ltp)).toBeLessThanOrEqual(25);
    const listed = await listedStrikes('NIFTY', chain.expiry);
    const atmListed = listed.indexOf(chain.atm_strike);
    expect(chain.rows.map((row) => row.strike)).toEqual(listed.slice(Math.max(0, atmListed - 15), atmListed + 16));
    const atmIndex = chain.rows.findIndex((row) => row.is_atm);
    for (const row of chain.rows) {
      if (!row.ce || !row.pe) throw new Error(`the sample master lists both sides of ${row.strike}`);
      await expectLegPricedAtQuote(row.ce, chain, 'CE', row.strike);
      await expectLegPricedAtQuote(row.pe, chain, 'PE', row.strike);
    }
    // Put–call parity picks the ATM: the call is dearer below it and the put above it.
    const atm = chain.rows[atmIndex];
    expect(chain.rows[0]?.ce?.ltp).toBeGreaterThan(atm?.ce?.ltp ?? Infinity);
    expect(chain.rows.at(-1)?.pe?.ltp).toBeGreaterThan(atm?.pe?.ltp ?? Infinity);
  });

  it('shows another listed expiry and as many strikes as asked for', async () => {
    const nearest = await chainOf({ underlying: 'NIFTY' });
    const second = nearest.expiries[1];
    if (!second) throw new Error('the sample master lists several NIFTY expiries');
    // Act
    const chain = await chainOf({ underlying: 'NIFTY', exchange: 'NFO', expiry: second, strikes: 3 });
    // Assess
    expect(chain.expiry).toBe(second);
    expect(chain.expiries).toEqual(nearest.expiries);
    const listed = await listedStrikes('NIFTY', second);
    const atmListed = listed.indexOf(chain.atm_strike);
    expect(chain.rows.map((row) => row.strike)).toEqual(listed.slice(Math.max(0, atmListed - 3), atmListed + 4));
    expect(chain.rows.filter((row) => row.is_atm)).toEqual([expect.objectContaining({ strike: chain.atm_strike })]);
    const instrument = await findScript(chain.rows[0]?.ce?.script_id ?? '');
    expect(instrument.expiry).toBe(second);
  });

  it("measures a stock's ATM against its cash price", async () => {
    const chain = await chainOf({ underlying: 'RELIANCE', strikes: 2 });
    const cash = await findScript('NSE:RELIANCE');
    expect(chain.underlying_price).toEqual({ ltp: paperFeed.ltp(cash, new Date(chain.as_of)), source: 'cash', script_id: 'NSE:RELIANCE' });
    const steps = chain.rows.map((row) => row.strike);
    expect(chain.atm_strike).toBe(steps.reduce((best, strike) => (Math.abs(strike - chain.underlying_price.ltp) < Math.abs(best - chain.underlying_price.ltp) ? strike : best)));
  });

  it('answers 404 for an underlying without options and for an expiry the master does not list', async () => {
    const unknown = await getChain({ underlying: 'NOSUCHINDEX' });
    expect(unknown.status).toBe(404);
    expect(errorEnvelopeSchema.parse(unknown.body).error).toMatchObject({ code: 'NOT_FOUND', message: 'No NOSUCHINDEX options in the instrument master' });
    const equityOnly = await getChain({ underlying: 'SBIN', exchange: 'BFO' });
    expect(equityOnly.status).toBe(404);
    const unlisted = await getChain({ underlying: 'NIFTY', expiry: '2001-01-02' });
    expect(unlisted.status).toBe(404);
    expect(errorEnvelopeSchema.parse(unlisted.body).error.message).toBe('No NIFTY options expiring 02-01-2001 are trading');
  });

  it.each([
    [{}, ['underlying']],
    [{ underlying: '' }, ['underlying']],
    [{ underlying: 'NIFTY 50' }, ['underlying']],
    [{ underlying: 'NIFTY', exchange: 'NSE' }, ['exchange']],
    [{ underlying: 'NIFTY', expiry: '01-12-2026' }, ['expiry']],
    [{ underlying: 'NIFTY', expiry: '2026-02-30' }, ['expiry']],
    [{ underlying: 'NIFTY', strikes: 0 }, ['strikes']],
    [{ underlying: 'NIFTY', strikes: 41 }, ['strikes']],
    [{ underlying: 'NIFTY', strikes: 2.5 }, ['strikes']],
    [{ underlying: 'NIFTY', extra: true }, ['(body)']],
  ])('answers 400 with the field paths for %j', async (body, fields) => {
    const answer = await getChain(body);
    expect(answer.status).toBe(400);
    const envelope = errorEnvelopeSchema.parse(answer.body);
    expect(envelope.error.code).toBe('VALIDATION_FAILED');
    expect(envelope.error.details?.map((detail) => detail.path)).toEqual(expect.arrayContaining(fields));
  });

  it('answers 401 without a token', async () => {
    const answer = await api.call('POST', '/scripts/getoptionchain', { body: { underlying: 'NIFTY' } });
    expect(answer.status).toBe(401);
  });
});

describe('POST /scripts/searchoptionchains', () => {
  const search = (body: unknown) => api.call('POST', '/scripts/searchoptionchains', { token: caller.token, body });

  it('offers the chain of an underlying typed, exact name first, with its nearest listed expiry', async () => {
    const asked = nowMs();
    const answer = await search({ symbol: 'nifty' });
    expect(answer.status).toBe(200);
    const offers = offersEnvelope.parse(answer.body).data;
    const expiries = await listedLiveExpiries('NIFTY', 'NFO', asked);
    const nearestCall = (await instrumentMaster()).instruments.find((row) => row.name === 'NIFTY' && row.instrument_type === 'CE' && row.expiry === expiries[0]);
    expect(offers[0]).toEqual({ underlying: 'NIFTY', exchange: 'NFO', lot_size: nearestCall?.lot_size, nearest_expiry: expiries[0], expiry_count: expiries.length });
    expect(offers.every((offer) => offer.underlying.startsWith('NIFTY'))).toBe(true);
    const bank = offersEnvelope.parse((await search({ symbol: 'BANK' })).body).data.map((offer) => offer.underlying);
    expect(bank).toEqual(expect.arrayContaining(['BANKNIFTY', 'BANKEX']));
  });

  it('offers nothing for a name without options, and refuses a bad symbol', async () => {
    expect(offersEnvelope.parse((await search({ symbol: 'ZZZZ' })).body).data).toEqual([]);
    const bad = await search({ symbol: '' });
    expect(bad.status).toBe(400);
    expect(errorEnvelopeSchema.parse(bad.body).error.details?.map((detail) => detail.path)).toContain('symbol');
  });
});
