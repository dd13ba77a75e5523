import * as z from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, successEnvelope } from '../../shared/contracts/envelope';
import { scriptSchema, watchlistScriptSchema } from '../../shared/contracts/scripts';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const api = useGateway();

/** Strict: a field the contract does not name (a broker token, say) fails the parse. */
const scriptsEnvelope = successEnvelope(z.array(z.union([watchlistScriptSchema.strict(), scriptSchema.strict()])));

let caller: TestUser;
beforeAll(async () => {
  caller = await createTestUser();
});

async function search(path: string, body: unknown) {
  const answer = await api.call('POST', `/scripts/${path}`, { token: caller.token, body });
  const envelope = scriptsEnvelope.parse(answer.body);
  return { answer, envelope, rows: envelope.data };
}

describe('POST /scripts/searchscriptsbytype', () => {
  it('answers equities matching the symbol, best match first, in the envelope with msg', async () => {
    // Act
    const { answer, envelope, rows } = await search('searchscriptsbytype', { type: 'EQ', symbol: 'reliance' });
    // Assess
    expect(answer.status).toBe(200);
    expect(envelope).toMatchObject({ status: true, result: '2 scripts found', msg: '2 scripts found' });
    expect(rows.map((row) => row.script_id)).toEqual(['NSE:RELIANCE', 'BSE:RELIANCE']);
    expect(rows[0]).toMatchObject({ trading_symbol: 'RELIANCE', name: 'Reliance Industries', instrument_type: 'EQ', expiry: null, strike: null, lot_size: 1, tick_size: 0.05 });
  });

  it('answers options of the asked type only, at most 50, with lot size and expiry', async () => {
    const { answer, rows } = await search('searchscriptsbytype', { type: 'CE', symbol: 'NIFTY' });
    expect(answer.status).toBe(200);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(50);
    for (const row of rows) expect(row).toMatchObject({ instrument_type: 'CE', name: 'NIFTY', exchange: 'NFO', lot_size: 65 });
    expect(rows.every((row) => row.expiry !== null && row.strike !== null)).toBe(true);
  });

  it('answers an empty list when nothing matches', async () => {
    const { answer, envelope } = await search('searchscriptsbytype', { type: 'FUT', symbol: 'NO SUCH SCRIPT' });
    expect(answer.status).toBe(200);
    expect(envelope).toMatchObject({ status: true, data: [], result: 'No scripts found', msg: 'No scripts found' });
  });
});

describe('POST /scripts/searchscriptsbyexchange', () => {
  it('answers the base name on one exchange', async () => {
    const { answer, rows } = await search('searchscriptsbyexchange', { exchange: 'NFO', base_name: 'nifty' });
    expect(answer.status).toBe(200);
    expect(rows.length).toBe(50);
    expect(rows.every((row) => row.exchange === 'NFO')).toBe(true);
    expect(rows[0]).toMatchObject({ name: 'NIFTY', instrument_type: 'FUT' });
  });

  it('finds commodities on MCX', async () => {
    const { rows } = await search('searchscriptsbyexchange', { exchange: 'MCX', base_name: 'CRUDEOIL' });
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.instrument_type === 'FUT' && row.lot_size === 100 && row.tick_size === 1)).toBe(true);
  });
});

describe('POST /scripts/searchscriptsforwatchlist', () => {
  it('answers the by-type search with a base name and a readable label', async () => {
    const { answer, envelope, rows } = await search('searchscriptsforwatchlist', { type: 'FUT', symbol: 'banknifty' });
    expect(answer.status).toBe(200);
    expect(envelope.msg).toBe('3 scripts found');
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ base_name: 'BANKNIFTY', display_name: expect.stringMatching(/^BANKNIFTY \d{2} [A-Z]{3} \d{2} FUT$/) });
    }
  });
});

describe('script search input and access', () => {
  it.each([
    ['searchscriptsbytype', { type: 'EQ' }, ['symbol']],
    ['searchscriptsbytype', { type: 'OPT', symbol: 'NIFTY' }, ['type']],
    ['searchscriptsbytype', { type: 'EQ', symbol: '   ' }, ['symbol']],
    ['searchscriptsbytype', { type: 'EQ', symbol: 'SBIN', extra: 1 }, ['(body)']],
    ['searchscriptsbyexchange', { exchange: 'NYSE', base_name: 'NIFTY' }, ['exchange']],
    ['searchscriptsbyexchange', { exchange: 'NSE' }, ['base_name']],
    ['searchscriptsforwatchlist', { type: 5, symbol: ['SBIN'] }, ['type', 'symbol']],
  ])('answers 400 with the field paths for %s %j', async (path, body, fields) => {
    const answer = await api.call('POST', `/scripts/${path}`, { token: caller.token, body });
    expect(answer.status).toBe(400);
    const envelope = errorEnvelopeSchema.parse(answer.body);
    expect(envelope.msg).toBe('Request validation failed');
    expect(envelope.error.code).toBe('VALIDATION_FAILED');
    expect(envelope.error.details?.map((detail) => detail.path)).toEqual(expect.arrayContaining(fields));
  });

  it.each(['searchscriptsbytype', 'searchscriptsbyexchange', 'searchscriptsforwatchlist'])('answers 401 to /scripts/%s without a token', async (path) => {
    const answer = await api.call('POST', `/scripts/${path}`, { body: { type: 'EQ', symbol: 'SBIN', exchange: 'NSE', base_name: 'SBIN' } });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ status: false, error: { code: 'UNAUTHORIZED' } });
  });
});
