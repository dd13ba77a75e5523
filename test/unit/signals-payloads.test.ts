import { describe, expect, it } from 'vitest';
import { parseWebhookBody, WEBHOOK_BODY_MAX_BYTES } from '../../functions/signals/payloads/parse-webhook-body';
import type { IncomingSignal, ParsedSignal } from '../../functions/signals/payloads/incoming-signal';

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain';

function signalOf(parsed: ParsedSignal): IncomingSignal {
  if (!parsed.ok) throw new Error(`refused: ${JSON.stringify(parsed.problems)}`);
  return parsed.signal;
}

function problemsOf(parsed: ParsedSignal): string[] {
  if (parsed.ok) throw new Error('accepted');
  return parsed.problems.map((problem) => `${problem.path}: ${problem.message}`);
}

const sym = (symbol: string, more: Partial<{ exchange: string; price: number; quantity: number }> = {}) => ({
  symbol,
  exchange: more.exchange ?? null,
  price: more.price ?? null,
  quantity: more.quantity ?? null,
});

describe('TradingView plain text: one direction word and symbols', () => {
  const read: readonly [string, string, string, ReturnType<typeof sym>[]][] = [
    ['the bridge word alone', 'UP', 'UP', []],
    ['lowercase strategy action with a ticker', 'buy SBIN', 'UP', [sym('SBIN')]],
    ['ticker first', 'NIFTY sell', 'DOWN', [sym('NIFTY')]],
    ['LONG / SHORT / FLAT of strategy.market_position', 'short BANKNIFTY', 'DOWN', [sym('BANKNIFTY')]],
    ['flat is an exit', 'flat', 'EXIT', []],
    ['EXIT several symbols, comma separated', 'EXIT SBIN, INFY,M&M', 'EXIT', [sym('SBIN'), sym('INFY'), sym('M&M')]],
    ['an exchange prefix', 'BUY NSE:BAJAJ-AUTO', 'UP', [sym('BAJAJ-AUTO', { exchange: 'NSE' })]],
    ['NONE', ' none \n', 'NONE', []],
    ['COVER exits', 'cover SBIN', 'EXIT', [sym('SBIN')]],
  ];
  for (const [name, body, direction, symbols] of read) {
    it(name, () => {
      expect(signalOf(parseWebhookBody(TEXT_TYPE, body))).toEqual({ kind: 'direction', source: 'tradingview-text', providerSignalId: null, direction, symbols, scan: null });
    });
  }

  const refusedText: readonly [string, string, string[]][] = [
    ['an empty message', '   ', ['(body): expected a direction word (UP, BUY, LONG, DOWN, SELL, SHORT, EXIT, CLOSE, FLAT, COVER, SQUAREOFF, NONE), got an empty message']],
    ['no direction word', 'SBIN', ['(body): expected a direction word (UP, BUY, LONG, DOWN, SELL, SHORT, EXIT, CLOSE, FLAT, COVER, SQUAREOFF, NONE)']],
    ['two direction words', 'BUY SBIN SELL', ['(body): expected one direction word, got BUY and SELL']],
    [
      'a number is neither a symbol nor a direction',
      'BUY SBIN 24000',
      ['word 3 (24000): expected a symbol such as SBIN or NSE:SBIN, or a direction word (UP, BUY, LONG, DOWN, SELL, SHORT, EXIT, CLOSE, FLAT, COVER, SQUAREOFF, NONE)'],
    ],
    ['an unknown exchange prefix', 'BUY NASDAQ:AAPL', ["word 2 (NASDAQ:AAPL): expected an exchange of NSE, BSE, NFO, BFO, MCX before ':', or a direction word (UP, BUY, LONG, DOWN, SELL, SHORT, EXIT, CLOSE, FLAT, COVER, SQUAREOFF, NONE)"]],
    ['an unfilled placeholder', '{{strategy.order.action}} SBIN', ['(body): the placeholder {{strategy.order.action}} was not filled in; TradingView fills placeholders only in the alert message']],
    ['JSON sent as text', '{"transaction_type":"BUY"}', ['(body): looks like JSON but was sent as text/plain; send it with Content-Type: application/json']],
  ];
  for (const [name, body, problems] of refusedText) {
    it(`refuses ${name}`, () => {
      expect(problemsOf(parseWebhookBody(TEXT_TYPE, body))).toEqual(problems);
    });
  }
});

describe('TradingView JSON: the JSON bridge order fields', () => {
  const order = { type: 'MARKET', script_type: 'EQ', script: 'sbin', product: 'INTRADAY', quantity: '5', transaction_type: 'buy' };

  it('reads the order and names its symbol', () => {
    const signal = signalOf(parseWebhookBody(JSON_TYPE, JSON.stringify(order)));
    expect(signal).toMatchObject({ kind: 'order', source: 'tradingview-json', providerSignalId: null, symbols: [sym('SBIN', { quantity: 5 })] });
    expect(signal.kind === 'order' && signal.order).toMatchObject({ script: 'SBIN', quantity: 5, transaction_type: 'BUY' });
  });

  it('takes the sender’s signal id apart from the order fields', () => {
    expect(signalOf(parseWebhookBody(JSON_TYPE, JSON.stringify({ ...order, signal_id: ' tv-42 ' }))).providerSignalId).toBe('tv-42');
  });

  it('reports every problem of the id and of the order at once', () => {
    expect(problemsOf(parseWebhookBody(JSON_TYPE, JSON.stringify({ ...order, signal_id: '', quantity: 0 })))).toEqual([
      'signal_id: expected text of 1 to 100 characters',
      'quantity: expected a whole number above 0',
    ]);
  });
});

describe('ChartInk scan alert', () => {
  const scan = {
    stocks: 'SEPOWER,ASTEC,M&M',
    trigger_prices: '3.75,541.8,2900',
    triggered_at: '2:34 pm',
    scan_name: 'BUY breakouts',
    scan_url: 'buy-breakouts',
    alert_name: 'Alert for BUY breakouts',
    webhook_url: 'https://example.invalid/hook',
  };

  it('pairs each stock with its trigger price and reads the direction from the scan name', () => {
    expect(signalOf(parseWebhookBody(JSON_TYPE, JSON.stringify(scan)))).toEqual({
      kind: 'direction',
      source: 'chartink',
      providerSignalId: null,
      direction: 'UP',
      symbols: [sym('SEPOWER', { price: 3.75 }), sym('ASTEC', { price: 541.8 }), sym('M&M', { price: 2900 })],
      scan: { scanName: 'BUY breakouts', alertName: 'Alert for BUY breakouts', triggeredAt: '2:34 pm' },
    });
  });

  const directions: readonly [string, Record<string, string>, string][] = [
    ['the alert name when the scan name has none', { scan_name: 'Momentum', alert_name: 'sell alert' }, 'DOWN'],
    ['COVER is an exit', { scan_name: 'cover shorts' }, 'EXIT'],
  ];
  for (const [name, names, direction] of directions) {
    it(`reads ${name}`, () => {
      const signal = signalOf(parseWebhookBody(JSON_TYPE, JSON.stringify({ ...scan, alert_name: undefined, ...names })));
      expect(signal.kind === 'direction' && signal.direction).toBe(direction);
    });
  }

  const refusedScans: readonly [string, Record<string, unknown>, string[]][] = [
    [
      'prose adjectives are not directions ("Short term breakouts" is not a short)',
      { scan_name: 'Short term breakouts', alert_name: 'Alert for Short term breakouts' },
      ['scan_name: expected one trading word (BUY, SELL, EXIT, COVER) in the scan or alert name, found none'],
    ],
    ['two different directions', { scan_name: 'BUY or SELL' }, ['scan_name: expected one trading word (BUY, SELL, EXIT, COVER) in the scan or alert name, found BUY and SELL']],
    ['fewer prices than stocks', { trigger_prices: '3.75,541.8' }, ['trigger_prices: expected 3 prices, one per stock, got 2']],
    ['a price that is not a number', { trigger_prices: '3.75,abc,2900' }, ['trigger_prices.1: expected a price above 0, got abc']],
    ['a stock that is not a symbol', { stocks: 'SEPOWER,123,M&M' }, ['stocks.1: expected a symbol such as SBIN or NSE:SBIN, got 123']],
    ['no scan name', { scan_name: undefined }, ['scan_name: expected the scan name']],
  ];
  for (const [name, change, problems] of refusedScans) {
    it(`refuses ${name}`, () => {
      expect(problemsOf(parseWebhookBody(JSON_TYPE, JSON.stringify({ ...scan, ...change })))).toEqual(problems);
    });
  }
});

describe('action JSON (Amibroker AFL template)', () => {
  it('reads action, symbol, exchange, quantity and the signal id', () => {
    const body = { action: 'BUY', symbol: 'sbin', exchange: 'nse', quantity: '10', signal_id: 'afl-7' };
    expect(signalOf(parseWebhookBody(JSON_TYPE, JSON.stringify(body)))).toEqual({
      kind: 'direction',
      source: 'action-json',
      providerSignalId: 'afl-7',
      direction: 'UP',
      symbols: [sym('SBIN', { exchange: 'NSE', quantity: 10 })],
      scan: null,
    });
  });

  const refusedActions: readonly [string, Record<string, unknown>, string[]][] = [
    ['an unknown action', { action: 'HOLD', symbol: 'SBIN' }, ['action: expected a direction word (UP, BUY, LONG, DOWN, SELL, SHORT, EXIT, CLOSE, FLAT, COVER, SQUAREOFF, NONE), got HOLD']],
    ['a missing symbol', { action: 'BUY' }, ['symbol: expected a symbol such as SBIN']],
    ['an unknown field', { action: 'BUY', symbol: 'SBIN', pricetype: 'MARKET' }, ['(body): unknown field pricetype: expected action, symbol, exchange, quantity, signal_id']],
    ['an exchange the symbol contradicts', { action: 'BUY', symbol: 'BSE:SBIN', exchange: 'NSE' }, ['exchange: expected BSE, the exchange the symbol names']],
    ['a zero quantity', { action: 'SELL', symbol: 'SBIN', quantity: 0 }, ['quantity: expected a whole number above 0']],
  ];
  for (const [name, body, problems] of refusedActions) {
    it(`refuses ${name}`, () => {
      expect(problemsOf(parseWebhookBody(JSON_TYPE, JSON.stringify(body)))).toEqual(problems);
    });
  }
});

describe('choosing the parser', () => {
  const refusedBodies: readonly [string, string | undefined, string, string, string[]][] = [
    ['no content type', undefined, 'BUY', 'unsupported-type', ['content-type: expected application/json or text/plain, got none']],
    ['a form post', 'application/x-www-form-urlencoded', 'a=1', 'unsupported-type', ['content-type: expected application/json or text/plain, got application/x-www-form-urlencoded']],
    ['invalid JSON', JSON_TYPE, '{"action":', 'invalid', ['(body): expected valid JSON (the content type says application/json)']],
    ['a JSON array', JSON_TYPE, '[1]', 'invalid', ['(body): expected a JSON object']],
    [
      'an object of no known shape',
      JSON_TYPE,
      '{"ticker":"SBIN"}',
      'invalid',
      ['(body): expected a JSON bridge order (transaction_type, script, quantity, …), or a ChartInk scan alert (stocks, trigger_prices, scan_name, …), or an action signal (action, symbol, …)'],
    ],
    [
      'an object of two shapes',
      JSON_TYPE,
      '{"action":"BUY","transaction_type":"BUY"}',
      'invalid',
      ['(body): has fields of a JSON bridge order (transaction_type, script, quantity, …) and of an action signal (action, symbol, …); send one kind of signal per alert'],
    ],
  ];
  for (const [name, contentType, body, reason, problems] of refusedBodies) {
    it(`refuses ${name}`, () => {
      const parsed = parseWebhookBody(contentType, body);
      expect(parsed.ok ? null : parsed.reason).toBe(reason);
      expect(problemsOf(parsed)).toEqual(problems);
    });
  }

  it('accepts a body of exactly 64 KB and refuses one byte more, counting bytes not characters', () => {
    const padding = (length: number) => `BUY ${'A'.repeat(length - 4)}`;
    expect(parseWebhookBody(TEXT_TYPE, padding(WEBHOOK_BODY_MAX_BYTES)).ok).toBe(true);
    const tooLarge = parseWebhookBody(TEXT_TYPE, padding(WEBHOOK_BODY_MAX_BYTES + 1));
    expect(tooLarge.ok ? null : tooLarge.reason).toBe('too-large');
    // 'é' is two bytes in UTF-8: half as many characters already exceed the limit.
    const multiByte = parseWebhookBody(TEXT_TYPE, `BUY ${'é'.repeat(WEBHOOK_BODY_MAX_BYTES / 2)}`);
    expect(multiByte.ok ? null : multiByte.reason).toBe('too-large');
  });
});
