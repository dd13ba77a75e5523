import { describe, expect, it } from 'vitest';
import { dayOf } from '../../functions/market/calendar-days';
import { typoDistance } from '../../functions/market/fuzzy';
import { buildSampleMaster } from '../../functions/market/sample/build-sample-master';
import { MAX_SEARCH_RESULTS, searchInstruments, type ScriptSearch } from '../../functions/market/search';
import { buildSearchIndex } from '../../functions/market/search-index';
import { parseQuery } from '../../functions/market/search-query';

const AS_OF = '2026-11-21';
const { instruments } = buildSampleMaster(AS_OF);
const index = buildSearchIndex(instruments);
const today = dayOf(AS_OF);
const search = (text: string, options: Omit<ScriptSearch, 'text'> = {}) => searchInstruments(index, { today, ...options, text });
const ids = (text: string, options: Omit<ScriptSearch, 'text'> = {}) => search(text, options).map((instrument) => instrument.script_id);

describe('query reading', () => {
  it('splits names, strikes, option words and months, with or without spaces', () => {
    expect(parseQuery('nifty 24000 ce')).toMatchObject({ joined: 'NIFTY', numbers: ['24000'], types: ['CE'], months: [] });
    expect(parseQuery('NIFTY24000CE')).toMatchObject({ joined: 'NIFTY', numbers: ['24000'], types: ['CE'] });
    expect(parseQuery('state bank')).toMatchObject({ words: 'STATE BANK', joined: 'STATEBANK' });
    expect(parseQuery('banknifty dec put')).toMatchObject({ joined: 'BANKNIFTY', types: ['PE'], months: ['DEC'] });
    expect(parseQuery('M&M')).toMatchObject({ joined: 'M&M' });
    expect(parseQuery('PE')).toMatchObject({ joined: 'PE', types: [] });
  });

  it('measures typos with swaps counting once', () => {
    expect(typoDistance('RELAINCE', 'RELIANCE', 2)).toBe(1);
    expect(typoDistance('NIFTY', 'NIFTY', 2)).toBe(0);
    expect(typoDistance('ABCDEFG', 'XYZ', 2)).toBe(3);
  });
});

describe('ranking', () => {
  it('puts an exact base name first, then prefixes, then substrings', () => {
    const found = ids('NIFTY', { types: ['FUT'] });
    expect(found.slice(0, 3)).toEqual(['NFO:NIFTY23NOV26FUT', 'NFO:NIFTY29DEC26FUT', 'NFO:NIFTY25JAN27FUT']);
    expect(found.slice(3).every((id) => /BANKNIFTY|FINNIFTY|MIDCPNIFTY/.test(id))).toBe(true);
    expect(ids('SBI', { types: ['EQ'] })).toEqual(['NSE:SBIN', 'BSE:SBIN', 'NSE:SBILIFE', 'BSE:SBILIFE']);
  });

  it('ranks base-name prefixes above company-name prefixes', () => {
    expect(ids('tata', { types: ['EQ'] }).slice(0, 8)).toEqual([
      'NSE:TATASTEEL',
      'BSE:TATASTEEL',
      'NSE:TATACONSUM',
      'BSE:TATACONSUM',
      'NSE:TCS',
      'BSE:TCS',
      'NSE:TMPV',
      'BSE:TMPV',
    ]);
  });

  it('lists typo matches after every real match', () => {
    const found = ids('tata', { types: ['EQ'] });
    expect(found.indexOf('NSE:TITAN')).toBeGreaterThan(found.indexOf('BSE:TMPV'));
  });

  it('finds companies by name and survives typos', () => {
    expect(ids('state bank', { types: ['EQ'] })).toEqual(['NSE:SBIN', 'BSE:SBIN']);
    expect(ids('larsen', { types: ['EQ'] })).toEqual(['NSE:LT', 'BSE:LT']);
    expect(ids('RELAINCE', { types: ['EQ'] })).toEqual(['NSE:RELIANCE', 'BSE:RELIANCE']);
    expect(ids('infosis', { types: ['EQ'] })).toEqual(['NSE:INFY', 'BSE:INFY']);
    expect(ids('BNKNIFTY', { types: ['FUT'] })[0]).toBe('NFO:BANKNIFTY23NOV26FUT');
  });

  it('lists options by nearest expiry, then strikes nearest the money', () => {
    const found = search('NIFTY', { types: ['CE', 'PE'] });
    expect(found.slice(0, 6).map((i) => i.trading_symbol)).toEqual([
      'NIFTY23NOV2624000CE',
      'NIFTY23NOV2624000PE',
      'NIFTY23NOV2623950CE',
      'NIFTY23NOV2623950PE',
      'NIFTY23NOV2624050CE',
      'NIFTY23NOV2624050PE',
    ]);
    expect(new Set(found.map((i) => i.expiry))).toEqual(new Set(['2026-11-23']));
  });

  it('ranks strikes around the underlying price when it is known', () => {
    const priced = buildSearchIndex(instruments, { referencePriceOf: (base) => (base === 'NIFTY' ? 23_480 : undefined) });
    const found = searchInstruments(priced, { text: 'NIFTY', types: ['CE'], today });
    expect(found[0]?.trading_symbol).toBe('NIFTY23NOV2623500CE');
  });

  it('reads strikes, option words and months in the text', () => {
    expect(ids('NIFTY 24000 CE').slice(0, 7)).toEqual([
      'NFO:NIFTY23NOV2624000CE',
      'NFO:NIFTY01DEC2624000CE',
      'NFO:NIFTY08DEC2624000CE',
      'NFO:NIFTY15DEC2624000CE',
      'NFO:NIFTY29DEC2624000CE',
      'NFO:NIFTY25JAN2724000CE',
      'NFO:FINNIFTY23NOV2624000CE',
    ]);
    expect(ids('sensex dec fut')).toEqual(['BFO:SENSEX31DEC26FUT']);
    expect(ids('TATASTEEL 172.5 pe')).toEqual(['NFO:TATASTEEL23NOV26172.5PE', 'NFO:TATASTEEL29DEC26172.5PE', 'NFO:TATASTEEL25JAN27172.5PE']);
  });

  it('finds a pasted trading symbol first, with or without spaces, and symbol prefixes', () => {
    expect(ids('NIFTY29DEC2624000CE')).toEqual(['NFO:NIFTY29DEC2624000CE']);
    expect(ids('nifty 29 dec 26 24000 ce')).toEqual(['NFO:NIFTY29DEC2624000CE']);
    const prefixed = ids('NIFTY29DEC26');
    expect(prefixed[0]).toBe('NFO:NIFTY29DEC26FUT');
    expect(prefixed.every((id) => id.startsWith('NFO:NIFTY29DEC26'))).toBe(true);
  });

  it('lists contracts that have expired after live ones', () => {
    const found = searchInstruments(index, { text: 'NIFTY', types: ['FUT'], today: dayOf('2026-11-24') });
    expect(found.slice(0, 2).map((i) => i.trading_symbol)).toEqual(['NIFTY29DEC26FUT', 'NIFTY25JAN27FUT']);
    const firstExpired = found.findIndex((i) => i.expiry === '2026-11-23');
    expect(found[firstExpired]?.trading_symbol).toBe('NIFTY23NOV26FUT');
    expect(found.slice(firstExpired).every((i) => i.expiry === '2026-11-23')).toBe(true);
  });

  it('answers nothing for text that matches nothing', () => {
    expect(search('ZZZQQQ')).toEqual([]);
    expect(search('NIFTY 99999')).toEqual([]);
  });
});

describe('limits and scopes', () => {
  it('answers at most 50 results, fewer when asked', () => {
    expect(search('N')).toHaveLength(MAX_SEARCH_RESULTS);
    expect(search('NIFTY', { limit: 500 })).toHaveLength(MAX_SEARCH_RESULTS);
    expect(search('NIFTY', { limit: 5 })).toHaveLength(5);
  });

  it('keeps to the script type asked for', () => {
    for (const type of ['EQ', 'CE', 'PE', 'FUT'] as const) {
      const found = search('RELIANCE', { types: [type] });
      expect(found.length, type).toBeGreaterThan(0);
      expect(found.every((instrument) => instrument.instrument_type === type)).toBe(true);
    }
  });

  it('searches one exchange by base name only', () => {
    const nfo = search('NIFTY', { exchange: 'NFO', match: 'base-name' });
    expect(nfo.every((instrument) => instrument.exchange === 'NFO' && instrument.name === 'NIFTY')).toBe(true);
    expect(ids('RELIANCE', { exchange: 'BSE', match: 'base-name' })).toEqual(['BSE:RELIANCE']);
    expect(ids('SENSEX', { exchange: 'NFO', match: 'base-name' })).toEqual([]);
    expect(ids('state bank', { exchange: 'NSE', match: 'base-name' })).toEqual([]);
    expect(ids('CRUDE', { exchange: 'MCX', match: 'base-name' })).toEqual(['MCX:CRUDEOIL18DEC26FUT', 'MCX:CRUDEOIL19JAN27FUT', 'MCX:CRUDEOIL19FEB27FUT']);
  });
});
