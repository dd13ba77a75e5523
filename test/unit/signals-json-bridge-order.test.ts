import { describe, expect, it } from 'vitest';
import { jsonBridgeOrderSchema } from '../../shared/domain/json-bridge-order';
import { toValidationIssues } from '../../functions/platform/http/parse-input';

/** A complete, valid order as the syntax generator writes it; each case changes a few fields. */
const MARKET_EQUITY = { type: 'MARKET', script_type: 'EQ', script: 'SBIN', product: 'INTRADAY', quantity: 10, transaction_type: 'BUY' };

function problemsOf(body: Record<string, unknown>): string[] {
  const parsed = jsonBridgeOrderSchema.safeParse(body);
  return parsed.success ? [] : toValidationIssues(parsed.error).map((issue) => `${issue.path}: ${issue.message}`);
}

describe('JSON bridge order fields: accepted', () => {
  const accepted: readonly [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['a market equity order, flags default to false', MARKET_EQUITY, { exit_on_opposite: false, is_tgt: false, is_sl: false, is_trail_set: false, is_rollover: false }],
    [
      'TradingView placeholders arrive as text: numbers, flags and lowercase words are read',
      { ...MARKET_EQUITY, quantity: ' 2 ', transaction_type: 'sell', type: 'market', script: ' sbin ', exit_on_opposite: 'TRUE' },
      { quantity: 2, transaction_type: 'SELL', type: 'MARKET', script: 'SBIN', exit_on_opposite: true },
    ],
    [
      'an ATM option two strikes out of the money, next weekly expiry',
      { ...MARKET_EQUITY, script_type: 'CE', script: 'NIFTY', option_selection: 'ATM_BASED', atm_gap: 2, expiry_type: 'Weekly', expiry_gap: 1 },
      { script_type: 'CE', option_selection: 'ATM_BASED', atm_gap: 2, expiry_type: 'weekly', expiry_gap: 1 },
    ],
    ['an in-the-money ATM option (negative gap)', { ...MARKET_EQUITY, script_type: 'PE', script: 'NIFTY', option_selection: 'ATM_BASED', atm_gap: -1, expiry_type: 'monthly', expiry_gap: 0 }, { atm_gap: -1 }],
    [
      'a premium-based option',
      { ...MARKET_EQUITY, script_type: 'PE', script: 'BANKNIFTY', option_selection: 'PREMIUM_BASED', premium_value: 100, max_variation: 0, expiry_type: 'monthly', expiry_gap: 0 },
      { premium_value: 100, max_variation: 0 },
    ],
    ['a symbol-based option needs no expiry', { ...MARKET_EQUITY, script_type: 'CE', script: 'NIFTY25NOV2524000CE', option_selection: 'SYMBOL_BASED' }, { option_selection: 'SYMBOL_BASED' }],
    ['a limit order', { ...MARKET_EQUITY, type: 'LIMIT', price: 812.5 }, { price: 812.5 }],
    ['an SL buy triggering at its price', { ...MARKET_EQUITY, type: 'SL', price: 100, trigger_price: 100 }, { trigger_price: 100 }],
    ['an SL sell triggering above its price', { ...MARKET_EQUITY, transaction_type: 'SELL', type: 'SL', price: 100, trigger_price: 101 }, { trigger_price: 101 }],
    [
      'target, stop-loss and trailing stop',
      { ...MARKET_EQUITY, is_tgt: true, tgt_type: 'POINT', tgt_value: 20, is_sl: true, sl_type: 'percentage', sl_value: 1.5, is_trail_set: true, trail_type: 'POINT', trail_trigger: 0, trail_gap: 10, trail_point: 10 },
      { tgt_type: 'POINT', sl_type: 'PERCENTAGE', trail_trigger: 0, trail_point: 10 },
    ],
    [
      'a future rolled over two days before expiry at 15:00',
      { ...MARKET_EQUITY, script_type: 'FUT', script: 'NIFTY', product: 'CARRYFORWARD', expiry_type: 'monthly', expiry_gap: 0, is_rollover: true, rollover_gap: 2, rollover_time: '15:00' },
      { is_rollover: true, rollover_gap: 2, rollover_time: '15:00' },
    ],
    ['a signed position size (short)', { ...MARKET_EQUITY, position_size: -10 }, { position_size: -10 }],
  ];
  for (const [name, body, expected] of accepted) {
    it(name, () => {
      const parsed = jsonBridgeOrderSchema.safeParse(body);
      expect(parsed.success ? [] : toValidationIssues(parsed.error)).toEqual([]);
      expect(parsed.data).toMatchObject(expected);
    });
  }
});

describe('JSON bridge order fields: refused, with a message a trader can act on', () => {
  const refused: readonly [string, Record<string, unknown>, string[]][] = [
    ['an unknown order type', { ...MARKET_EQUITY, type: 'STOP' }, ['type: expected MARKET, LIMIT or SL']],
    ['the bridge variant OPT is not a JSON bridge script type', { ...MARKET_EQUITY, script_type: 'OPT' }, ['script_type: expected EQ, CE, PE or FUT']],
    ['a missing quantity', { ...MARKET_EQUITY, quantity: undefined }, ['quantity: expected a whole number above 0']],
    ['a fractional quantity', { ...MARKET_EQUITY, quantity: '1.5' }, ['quantity: expected a whole number above 0']],
    ['an unknown product', { ...MARKET_EQUITY, product: 'MIS' }, ['product: expected INTRADAY, CARRYFORWARD, DELIVERY or MARGIN']],
    ['a misspelt field is refused, not dropped', { ...MARKET_EQUITY, tgt_vlaue: 5 }, ['(body): unknown field tgt_vlaue: not a JSON bridge order field']],
    ['an option without a selection', { ...MARKET_EQUITY, script_type: 'CE', script: 'NIFTY' }, ['option_selection: expected SYMBOL_BASED, PREMIUM_BASED or ATM_BASED for an option']],
    ['a selection on an equity', { ...MARKET_EQUITY, option_selection: 'ATM_BASED' }, ['option_selection: only options (script_type CE or PE) take an option selection']],
    [
      'ATM without gap or expiry',
      { ...MARKET_EQUITY, script_type: 'CE', script: 'NIFTY', option_selection: 'ATM_BASED' },
      [
        'atm_gap: expected the strikes away from ATM, 0 for ATM itself (ATM_BASED)',
        'expiry_type: expected monthly or weekly',
        'expiry_gap: expected which expiry: 0 for the nearest, 1 for the next, …',
      ],
    ],
    ['a fractional ATM gap', { ...MARKET_EQUITY, script_type: 'CE', script: 'NIFTY', option_selection: 'ATM_BASED', atm_gap: 0.5, expiry_type: 'weekly', expiry_gap: 0 }, ['atm_gap: expected a whole number']],
    [
      'premium-based without premium or variation',
      { ...MARKET_EQUITY, script_type: 'PE', script: 'NIFTY', option_selection: 'PREMIUM_BASED', expiry_type: 'weekly', expiry_gap: 0 },
      ['premium_value: expected the premium to look for (PREMIUM_BASED)', 'max_variation: expected how far the premium may be from premium_value (PREMIUM_BASED)'],
    ],
    ['a negative expiry gap', { ...MARKET_EQUITY, script_type: 'FUT', script: 'NIFTY', expiry_type: 'monthly', expiry_gap: -1 }, ['expiry_gap: expected a whole number of 0 or more']],
    ['a weekly future', { ...MARKET_EQUITY, script_type: 'FUT', script: 'NIFTY', expiry_type: 'weekly', expiry_gap: 0 }, ['expiry_type: futures expire monthly: expected monthly']],
    ['a limit order without a price', { ...MARKET_EQUITY, type: 'LIMIT' }, ['price: expected a price above 0 for LIMIT and SL orders']],
    ['an SL order without a trigger', { ...MARKET_EQUITY, type: 'SL', price: 100 }, ['trigger_price: expected a trigger price above 0 for SL orders']],
    [
      'an SL buy triggering above its price',
      { ...MARKET_EQUITY, type: 'SL', price: 100, trigger_price: 101 },
      ['trigger_price: expected a trigger price at or below the price for an SL BUY, at or above it for an SL SELL'],
    ],
    ['a target switched on without its values', { ...MARKET_EQUITY, is_tgt: true }, ['tgt_type: expected LTP, POINT or PERCENTAGE when is_tgt is true', 'tgt_value: expected the target (a price, points or percent) when is_tgt is true']],
    ['a CANDLE stop-loss (not a JSON bridge type)', { ...MARKET_EQUITY, is_sl: true, sl_type: 'CANDLE', sl_value: 5 }, ['sl_type: expected LTP, POINT or PERCENTAGE']],
    ['a stop-loss of 100 %', { ...MARKET_EQUITY, is_sl: true, sl_type: 'PERCENTAGE', sl_value: 100 }, ['sl_value: expected a stop-loss percentage below 100']],
    ['a zero stop-loss', { ...MARKET_EQUITY, is_sl: true, sl_type: 'POINT', sl_value: 0 }, ['sl_value: expected a number above 0']],
    [
      'a trailing stop without a stop-loss or its values',
      { ...MARKET_EQUITY, is_trail_set: true },
      [
        'is_trail_set: a trailing stop moves the stop-loss: set is_sl to true as well',
        'trail_type: expected POINT or PERCENTAGE when is_trail_set is true',
        'trail_trigger: expected the profit after which trailing starts (0 to start at once)',
        'trail_gap: expected how far the price must move for each step of the stop',
        'trail_point: expected how far the stop moves at each step',
      ],
    ],
    [
      'a trail whose stop would outrun the price',
      { ...MARKET_EQUITY, is_sl: true, sl_type: 'POINT', sl_value: 5, is_trail_set: true, trail_type: 'POINT', trail_trigger: 0, trail_gap: 5, trail_point: 6 },
      ['trail_point: expected trail_point at most trail_gap, or the stop would overtake the price'],
    ],
    ['an LTP trail type', { ...MARKET_EQUITY, is_sl: true, sl_type: 'POINT', sl_value: 5, is_trail_set: true, trail_type: 'LTP', trail_trigger: 0, trail_gap: 5, trail_point: 5 }, ['trail_type: expected POINT or PERCENTAGE']],
    [
      'a rollover on an equity, without gap and time',
      { ...MARKET_EQUITY, is_rollover: true },
      [
        'is_rollover: only futures and options expire and roll over',
        'rollover_gap: expected the days before expiry to roll over (0 = on expiry day) when is_rollover is true',
        'rollover_time: expected the time to roll over, HH:mm (IST), when is_rollover is true',
      ],
    ],
    ['a rollover time that is not a time', { ...MARKET_EQUITY, script_type: 'FUT', script: 'NIFTY', expiry_type: 'monthly', expiry_gap: 0, is_rollover: true, rollover_gap: 1, rollover_time: '25:00' }, ['rollover_time: expected a time as HH:mm (IST)']],
    ['a flag that is not true or false', { ...MARKET_EQUITY, exit_on_opposite: 'yes' }, ['exit_on_opposite: expected true or false']],
    ['a fractional position size', { ...MARKET_EQUITY, position_size: 1.5 }, ['position_size: expected a whole number']],
    ['not an object', [] as unknown as Record<string, unknown>, ['(body): expected a JSON object of order fields']],
  ];
  for (const [name, body, problems] of refused) {
    it(name, () => {
      expect(problemsOf(body)).toEqual(problems);
    });
  }
});
