import { describe, expect, it } from 'vitest';
import { addBridgeTriggerRequestSchema, MAX_SIGNAL_SYMBOLS_PER_TRIGGER, MAX_TRIGGER_QUANTITY, triggerTemplateSchema } from '../../shared/contracts/bridge';
import { triggerItemSchema, type TriggerItem } from '../../functions/data/bridges-repository';
import {
  NO_SIGNAL_SYMBOLS_REASON,
  quantityTooLargeReason,
  scriptsOfTrigger,
  signalSymbolPlanId,
  tooManySymbolsReason,
} from '../../functions/signals/custom-bridge/signal-symbol-plans';
import { instrumentRequestOf } from '../../functions/signals/custom-bridge/trigger-plan';
import { parseWebhookBody } from '../../functions/signals/payloads/parse-webhook-body';
import type { SignalSymbol } from '../../functions/signals/payloads/incoming-signal';

/**
 * Custom bridge triggers that trade the symbols the alert names (script_source SIGNAL): the contract's
 * rules, old stored triggers, and the planner's pure part (which symbols become which plans).
 */
const BRIDGE_ID = '01JF0000000000000000BRG001';
const TRIGGER_ID = '01JF0000000000000000TRG001';
const ACCOUNT_ID = '01JF0000000000000000ACC001';

/** An add request for an UP EQUITY trigger on an account; `extra` changes or adds fields. */
const addRequest = (extra: Record<string, unknown> = {}) => ({
  bridge_id: BRIDGE_ID,
  direction: 'UP',
  target_kind: 'account',
  target_id: ACCOUNT_ID,
  script_type: 'EQUITY',
  script: 'SBIN',
  product: 'INTRADAY',
  quantity: 2,
  ...extra,
});
const signalTrigger = (extra: Record<string, unknown> = {}) => addRequest({ script_source: 'SIGNAL', script: null, ...extra });

function problemsOf(body: Record<string, unknown>): { path: string; message: string }[] {
  const parsed = addBridgeTriggerRequestSchema.safeParse(body);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** A stored trigger as the repository reads it, from a parsed add request. */
function storedTrigger(extra: Record<string, unknown> = {}): TriggerItem {
  const { bridge_id, direction, ...fields } = addBridgeTriggerRequestSchema.parse(addRequest(extra));
  return triggerItemSchema.parse({ ...fields, trigger_id: TRIGGER_ID, bridge_id, direction, priority: 1, createdAt: '2026-03-02T04:00:00.000Z', updatedAt: '2026-03-02T04:00:00.000Z' });
}

const symbol = (name: string, more: Partial<Pick<SignalSymbol, 'exchange' | 'quantity'>> = {}): SignalSymbol => ({ symbol: name, exchange: null, price: null, quantity: null, ...more });

describe('the trigger contract: script_source', () => {
  it('defaults to TRIGGER on add, and a TRIGGER trigger keeps its script', () => {
    expect(addBridgeTriggerRequestSchema.parse(addRequest())).toMatchObject({ script_source: 'TRIGGER', script: 'SBIN' });
  });

  it('takes a SIGNAL trigger without a script, as null, MARKET and DIRECT', () => {
    const { script: _script, ...withoutScript } = signalTrigger();
    expect(addBridgeTriggerRequestSchema.parse(withoutScript)).toMatchObject({ script_source: 'SIGNAL', script: null, order_type: 'MARKET', entry_type: 'DIRECT' });
    expect(problemsOf(signalTrigger({ is_tgt: true, tgt_type: 'POINT', tgt_value: 5, is_sl: true, sl_type: 'PERCENTAGE', sl_value: 1 }))).toEqual([]);
  });

  it('refuses a TRIGGER trigger without a script, at script', () => {
    expect(problemsOf(addRequest({ script: null }))).toEqual([{ path: 'script', message: 'Enter a script such as SBIN or NIFTY.' }]);
    const { script: _script, ...withoutScript } = addRequest();
    expect(problemsOf(withoutScript)).toEqual([{ path: 'script', message: 'Enter a script such as SBIN or NIFTY.' }]);
  });

  it.each([
    ['a script', { script: 'SBIN' }, 'script', 'no script of its own'],
    ['a LIMIT order', { order_type: 'LIMIT', price: 100 }, 'order_type', 'MARKET orders'],
    ['an SL order', { order_type: 'SL', price: 100, trigger_price: 99 }, 'order_type', 'MARKET orders'],
    ['an LTP entry', { entry_type: 'LTP', entry_direction: 'ABOVE', entry_price: 100 }, 'entry_type', 'enters DIRECT'],
    ['a CANDLE entry', { entry_type: 'CANDLE', entry_direction: 'ABOVE', entry_price: 100, candle_timeframe: 5 }, 'entry_type', 'enters DIRECT'],
    ['an LTP target', { is_tgt: true, tgt_type: 'LTP', tgt_value: 900 }, 'tgt_type', 'target in POINT or PERCENTAGE'],
    ['an LTP stop-loss', { is_sl: true, sl_type: 'LTP', sl_value: 700 }, 'sl_type', 'stop-loss in POINT or PERCENTAGE'],
    ['a CANDLE stop-loss', { is_sl: true, sl_type: 'CANDLE', sl_value: 700 }, 'sl_type', 'stop-loss in POINT or PERCENTAGE'],
  ])('refuses a SIGNAL trigger with %s, at the offending field', (_, extra, path, words) => {
    const problems = problemsOf(signalTrigger(extra));
    expect(problems.map((problem) => problem.path)).toEqual([path]);
    expect(problems[0]?.message).toContain(words);
  });

  it('checks a merged template whole: switching to SIGNAL must clear the script', () => {
    const stored = storedTrigger();
    expect(triggerTemplateSchema.safeParse({ ...stored, script_source: 'SIGNAL' }).success).toBe(false);
    expect(triggerTemplateSchema.safeParse({ ...stored, script_source: 'SIGNAL', script: null }).success).toBe(true);
  });

  it('reads a stored trigger from before the choice as TRIGGER', () => {
    const { script_source: _source, ...old } = storedTrigger();
    expect(triggerItemSchema.parse(old)).toMatchObject({ script_source: 'TRIGGER', script: 'SBIN' });
  });
});

describe('which symbols a trigger trades for a signal', () => {
  it('a TRIGGER trigger trades its own script under its own id, whatever the signal names', () => {
    const trigger = storedTrigger({ exchange: 'BSE', quantity: 3 });
    expect(scriptsOfTrigger(trigger, [symbol('TCS', { quantity: 9 })])).toEqual({
      picks: [{ planId: TRIGGER_ID, script: { symbol: 'SBIN', exchange: 'BSE' }, lots: 3 }],
      refusals: [],
    });
  });

  it("a SIGNAL trigger makes one plan per ChartInk stock, in the order named, under '<trigger>:<SYMBOL>'", () => {
    const parsed = parseWebhookBody('application/json', JSON.stringify({ stocks: 'TCS,SBIN,INFY', trigger_prices: '3500,801.25,1520.4', scan_name: 'BUY breakouts' }));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const { picks, refusals } = scriptsOfTrigger(storedTrigger({ script_source: 'SIGNAL', script: null }), parsed.signal.symbols);
    expect(picks.map((pick) => [pick.planId, pick.script.symbol, pick.lots])).toEqual([
      [`${TRIGGER_ID}:TCS`, 'TCS', 2],
      [`${TRIGGER_ID}:SBIN`, 'SBIN', 2],
      [`${TRIGGER_ID}:INFY`, 'INFY', 2],
    ]);
    expect(refusals).toEqual([]);
  });

  it("takes the signal's exchange, else the trigger's, else none (the master chooses)", () => {
    const symbols = [symbol('SBIN', { exchange: 'BSE' }), symbol('TCS')];
    const onNse = scriptsOfTrigger(storedTrigger({ script_source: 'SIGNAL', script: null, exchange: 'NSE' }), symbols);
    expect(onNse.picks.map((pick) => pick.script)).toEqual([
      { symbol: 'SBIN', exchange: 'BSE' },
      { symbol: 'TCS', exchange: 'NSE' },
    ]);
    const anywhere = scriptsOfTrigger(storedTrigger({ script_source: 'SIGNAL', script: null }), symbols);
    expect(anywhere.picks.map((pick) => pick.script.exchange)).toEqual(['BSE', null]);
  });

  it("takes the symbol's own quantity when the sender gave one, else the trigger's; one above the trigger cap is refused alone", () => {
    const trigger = storedTrigger({ script_source: 'SIGNAL', script: null, quantity: 4 });
    const { picks, refusals } = scriptsOfTrigger(trigger, [symbol('SBIN', { quantity: 10 }), symbol('TCS'), symbol('INFY', { quantity: MAX_TRIGGER_QUANTITY + 1 })]);
    expect(picks.map((pick) => [pick.script.symbol, pick.lots])).toEqual([
      ['SBIN', 10],
      ['TCS', 4],
    ]);
    expect(refusals).toEqual([{ planId: signalSymbolPlanId(TRIGGER_ID, 'INFY'), reason: quantityTooLargeReason('INFY', MAX_TRIGGER_QUANTITY + 1) }]);
  });

  it('plans a symbol named twice once, as first named', () => {
    const trigger = storedTrigger({ script_source: 'SIGNAL', script: null });
    const { picks } = scriptsOfTrigger(trigger, [symbol('SBIN', { quantity: 5 }), symbol('TCS'), symbol('SBIN', { exchange: 'BSE', quantity: 7 })]);
    expect(picks).toEqual([
      { planId: `${TRIGGER_ID}:SBIN`, script: { symbol: 'SBIN', exchange: null }, lots: 5 },
      { planId: `${TRIGGER_ID}:TCS`, script: { symbol: 'TCS', exchange: null }, lots: 2 },
    ]);
  });

  it(`trades at most ${MAX_SIGNAL_SYMBOLS_PER_TRIGGER} symbols and refuses the rest with a reason naming them`, () => {
    const names = Array.from({ length: MAX_SIGNAL_SYMBOLS_PER_TRIGGER + 2 }, (_, index) => `STOCK${index + 1}`);
    const { picks, refusals } = scriptsOfTrigger(storedTrigger({ script_source: 'SIGNAL', script: null }), names.map((name) => symbol(name)));
    expect(picks.map((pick) => pick.script.symbol)).toEqual(names.slice(0, MAX_SIGNAL_SYMBOLS_PER_TRIGGER));
    expect(refusals).toEqual([{ planId: TRIGGER_ID, reason: tooManySymbolsReason(names.length, names.slice(MAX_SIGNAL_SYMBOLS_PER_TRIGGER)) }]);
    expect(refusals[0]?.reason).toContain(`STOCK${MAX_SIGNAL_SYMBOLS_PER_TRIGGER + 1}, STOCK${MAX_SIGNAL_SYMBOLS_PER_TRIGGER + 2} not traded`);
  });

  it('names at most 20 of the symbols left out of a runaway scan, and counts the rest', () => {
    const leftOut = Array.from({ length: 25 }, (_, index) => `LEFT${index + 1}`);
    const reason = tooManySymbolsReason(45, leftOut);
    expect(reason).toContain('LEFT20 and 5 more not traded');
    expect(reason).not.toContain('LEFT21');
  });

  it('refuses a SIGNAL trigger when the signal names no symbols (a plain BUY, a manual fire)', () => {
    const parsed = parseWebhookBody('text/plain', 'BUY');
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(scriptsOfTrigger(storedTrigger({ script_source: 'SIGNAL', script: null }), parsed.signal.symbols)).toEqual({
      picks: [],
      refusals: [{ planId: TRIGGER_ID, reason: NO_SIGNAL_SYMBOLS_REASON }],
    });
  });

  it("asks the master for each symbol as the trigger's script type reads it: the stock itself, or the underlying of a future or option", () => {
    const script = { symbol: 'RELIANCE', exchange: null };
    expect(instrumentRequestOf(storedTrigger({ script_source: 'SIGNAL', script: null }), 'UP', { symbol: 'SBIN', exchange: 'NSE' })).toEqual({ kind: 'symbol', symbol: 'SBIN', exchange: 'NSE' });
    expect(instrumentRequestOf(storedTrigger({ script_source: 'SIGNAL', script: null, script_type: 'FUTURE', expiry_type: 'monthly' }), 'UP', script)).toEqual({
      kind: 'future',
      underlying: 'RELIANCE',
      expiryType: 'monthly',
      expiryGap: 0,
    });
    expect(
      instrumentRequestOf(storedTrigger({ script_source: 'SIGNAL', script: null, script_type: 'OPTION', option_base: 'STOCK', expiry_type: 'monthly', strike_offset: 1 }), 'DOWN', script),
    ).toEqual({ kind: 'option-atm', underlying: 'RELIANCE', side: 'PE', expiryType: 'monthly', expiryGap: 0, atmGap: 1 });
  });
});
