import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { expiryChainOf } from '../../functions/market/listed-expiries';
import { parseMaster } from '../../functions/market/instrument-master';
import { serialiseMasterFile } from '../../functions/market/master-file';
import { buildSampleMaster } from '../../functions/market/sample/build-sample-master';
import { successorContract } from '../../functions/ordermanager/rollover/rollover-successor';
import { successorIdOf } from '../../functions/ordermanager/rollover/successor-position';
import { masterLookupOf, type MasterLookup } from '../../functions/signals/resolve/master-lookup';

/** The sample master as of a fixed day: deterministic, with weekly and monthly NIFTY and SENSEX chains. */
const master = parseMaster('sample', serialiseMasterFile(buildSampleMaster('2026-11-22')));
const lookup = masterLookupOf(master);

function listed(name: string, type: 'FUT' | 'CE' | 'PE', expiry: string, strike?: number): Instrument {
  const chain = lookup.derivatives(name, type, expiry);
  const found = strike === undefined ? chain[0] : chain.find((candidate) => candidate.strike === strike);
  if (!found) throw new Error(`sample master lists no ${name} ${type} ${expiry} ${strike ?? ''}`);
  return found;
}
const middleStrikeOf = (name: string, expiry: string) => {
  const chain = lookup.derivatives(name, 'CE', expiry);
  return chain[Math.floor(chain.length / 2)]?.strike ?? 0;
};

describe('the contract a position rolls onto', () => {
  it('rolls a monthly future onto the next monthly future', () => {
    const choice = successorContract(listed('NIFTY', 'FUT', '2026-11-23'), lookup);
    expect(choice).toMatchObject({ ok: true, instrument: { name: 'NIFTY', instrument_type: 'FUT', expiry: '2026-12-29', exchange: 'NFO' }, note: 'next monthly expiry 2026-12-29' });
  });

  it('rolls a weekly call onto the next weekly call at the same strike', () => {
    const strike = middleStrikeOf('NIFTY', '2026-12-08');
    const choice = successorContract(listed('NIFTY', 'CE', '2026-12-08', strike), lookup);
    expect(choice).toMatchObject({ ok: true, instrument: { instrument_type: 'CE', expiry: '2026-12-15', strike }, note: `next weekly expiry 2026-12-15, same strike ${strike}` });
  });

  it('rolls a monthly put onto the next monthly put, skipping the weeklies between', () => {
    const strike = middleStrikeOf('NIFTY', '2026-11-23');
    const choice = successorContract(listed('NIFTY', 'PE', '2026-11-23', strike), lookup);
    expect(choice).toMatchObject({ ok: true, instrument: { instrument_type: 'PE', expiry: '2026-12-29', strike } });
  });

  it('rolls a BSE weekly (Thursday) and an MCX future by their own calendars', () => {
    const strike = middleStrikeOf('SENSEX', '2026-12-03');
    expect(successorContract(listed('SENSEX', 'CE', '2026-12-03', strike), lookup)).toMatchObject({ ok: true, instrument: { exchange: 'BFO', expiry: '2026-12-10', strike } });
    expect(successorContract(listed('GOLD', 'FUT', '2026-12-04'), lookup)).toMatchObject({ ok: true, instrument: { exchange: 'MCX', expiry: '2027-02-05' } });
  });

  it('refuses when the master does not list the next contract, or the script does not expire', () => {
    const strike = middleStrikeOf('NIFTY', '2027-01-25');
    expect(successorContract(listed('NIFTY', 'CE', '2027-01-25', strike), lookup)).toEqual({ ok: false, reason: 'No monthly expiry after 2027-01-25 for NIFTY in the instrument master' });
    const sbin = master.byScriptId.get('NSE:SBIN');
    if (!sbin) throw new Error('no NSE:SBIN in the sample');
    expect(successorContract(sbin, lookup)).toMatchObject({ ok: false, reason: expect.stringContaining('does not expire') });
  });
});

describe('a strike the next expiry does not list', () => {
  const option = (strike: number, expiry: string): Instrument => ({
    script_id: `NFO:NIFTY${expiry}${strike}CE`,
    exchange: 'NFO',
    trading_symbol: `NIFTY${expiry}${strike}CE`,
    name: 'NIFTY',
    instrument_type: 'CE',
    expiry,
    strike,
    lot_size: 75,
    tick_size: 0.05,
    broker_tokens: {},
  });
  const nextChain = [option(23900, '2026-12-15'), option(24000, '2026-12-15'), option(24200, '2026-12-15')];
  const sparse: Pick<MasterLookup, 'derivatives' | 'expiryChain'> = {
    derivatives: (name, type, expiry) => (name === 'NIFTY' && type === 'CE' && expiry === '2026-12-15' ? nextChain : []),
    expiryChain: (name) => (name === 'NIFTY' ? expiryChainOf('NIFTY', 'NFO', [option(24000, '2026-12-08'), ...nextChain, { instrument_type: 'FUT', expiry: '2026-12-29' }]) : null),
  };

  it('takes the nearest strike and says so', () => {
    expect(successorContract(option(24150, '2026-12-08'), sparse)).toEqual({
      ok: true,
      instrument: nextChain[2],
      note: 'next weekly expiry 2026-12-15; strike 24150 is not listed there, nearest strike 24200 taken',
    });
  });

  it('takes the lower of two equally near strikes', () => {
    expect(successorContract(option(24100, '2026-12-08'), sparse)).toMatchObject({ ok: true, instrument: { strike: 24000 } });
  });
});

describe('the successor id', () => {
  it('is derived from the position (a second run names the same one), ULID-shaped, and differs per position', () => {
    const id = successorIdOf({ op_id: '01JF00000000000000000P0001', broker_id: 'B1' });
    expect(id).toBe(successorIdOf({ op_id: '01JF00000000000000000P0001', broker_id: 'B1' }));
    expect(id).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    expect(successorIdOf({ op_id: id, broker_id: 'B1' })).not.toBe(id);
  });
});
