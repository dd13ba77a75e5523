import { beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../../functions/platform/clock';
import { errorEnvelopeSchema, successEnvelope } from '../../shared/contracts/envelope';
import { ltpQuoteSchema } from '../../shared/contracts/scripts';
import { createPriceFeed } from '../../functions/broker-adapters/paper/price-feed';
import { isOnTick } from '../../shared/domain/tick-math';
import { instrumentMaster } from '../../functions/market/instrument-master';
import { findScript, lastTradedPrices } from '../../functions/market/ltp';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const api = useGateway();
const quoteEnvelope = successEnvelope(ltpQuoteSchema.strict());
const paperFeed = createPriceFeed();

let caller: TestUser;
beforeAll(async () => {
  caller = await createTestUser();
});

async function getLtp(body: unknown) {
  return api.call('POST', '/scripts/getltp', { token: caller.token, body });
}

describe('POST /scripts/getltp', () => {
  it("answers an equity's paper price for the current second, in the envelope with msg", async () => {
    // Prepare
    const asked = nowMs();
    // Act
    const answer = await getLtp({ script_id: 'NSE:SBIN' });
    // Assess
    expect(answer.status).toBe(200);
    const envelope = quoteEnvelope.parse(answer.body);
    expect(envelope).toMatchObject({ status: true, result: 'LTP fetched', msg: 'LTP fetched', data: { script_id: 'NSE:SBIN' } });
    const asOf = new Date(envelope.data.as_of);
    expect(asOf.getMilliseconds()).toBe(0);
    expect(asOf.getTime()).toBeGreaterThan(asked - 1_000);
    expect(asOf.getTime()).toBeLessThanOrEqual(nowMs());
    const sbin = await findScript('NSE:SBIN');
    expect(envelope.data.ltp).toBe(paperFeed.ltp(sbin, asOf));
    // SBIN's reference level is 800: the master's company name no longer sends it to a hashed level.
    expect(envelope.data.ltp).toBeGreaterThan(800 * 0.5);
    expect(envelope.data.ltp).toBeLessThan(800 * 1.5);
  });

  it('reads the script id trimmed and upper-cased', async () => {
    const answer = await getLtp({ script_id: '  bse:tatasteel ' });
    expect(answer.status).toBe(200);
    expect(quoteEnvelope.parse(answer.body).data.script_id).toBe('BSE:TATASTEEL');
  });

  it('prices an option of the master on its tick', async () => {
    const option = (await instrumentMaster()).instruments.find((instrument) => instrument.exchange === 'NFO' && instrument.instrument_type === 'CE');
    if (!option) throw new Error('the sample master has NFO options');
    const answer = await getLtp({ script_id: option.script_id });
    expect(answer.status).toBe(200);
    const { data } = quoteEnvelope.parse(answer.body);
    expect(data.ltp).toBe(paperFeed.ltp(option, new Date(data.as_of)));
    expect(isOnTick(data.ltp, option.tick_size)).toBe(true);
  });

  it("answers 404 'Unknown script' for a script the master does not list", async () => {
    const answer = await getLtp({ script_id: 'NSE:NOSUCHSCRIPT' });
    expect(answer.status).toBe(404);
    const envelope = errorEnvelopeSchema.parse(answer.body);
    expect(envelope.error).toMatchObject({ code: 'NOT_FOUND', message: 'Unknown script' });
    expect(envelope.msg).toBe('Unknown script');
  });

  it.each([
    [{}, ['script_id']],
    [{ script_id: '' }, ['script_id']],
    [{ script_id: 'SBIN' }, ['script_id']],
    [{ script_id: 'NYSE:IBM' }, ['script_id']],
    [{ script_id: 42 }, ['script_id']],
    [{ script_id: `NSE:${'A'.repeat(80)}` }, ['script_id']],
    [{ script_id: 'NSE:SBIN', extra: true }, ['(body)']],
  ])('answers 400 with the field paths for %j', async (body, fields) => {
    const answer = await getLtp(body);
    expect(answer.status).toBe(400);
    const envelope = errorEnvelopeSchema.parse(answer.body);
    expect(envelope.error.code).toBe('VALIDATION_FAILED');
    expect(envelope.msg).toBe('Request validation failed');
    expect(envelope.error.details?.map((detail) => detail.path)).toEqual(expect.arrayContaining(fields));
  });

  it('answers 401 without a token', async () => {
    const answer = await api.call('POST', '/scripts/getltp', { body: { script_id: 'NSE:SBIN' } });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ status: false, error: { code: 'UNAUTHORIZED' } });
  });
});

describe('the LTP seam for broker accounts', () => {
  it("asks the account's broker when an account is given, and the paper feed otherwise", async () => {
    const sbin = await findScript('NSE:SBIN');
    const at = new Date('2025-11-19T10:00:00+05:30');
    const broker = { ltp: async () => new Map([['NSE:SBIN', 812.35]]) };
    expect(await lastTradedPrices([sbin], at, broker)).toEqual(new Map([['NSE:SBIN', 812.35]]));
    expect(await lastTradedPrices([sbin], at)).toEqual(new Map([['NSE:SBIN', paperFeed.ltp(sbin, at)]]));
  });
});
