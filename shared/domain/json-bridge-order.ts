import * as z from 'zod';
import {
  ACTIONS,
  EXPIRY_TYPES,
  JSON_BRIDGE_EXIT_LEVEL_TYPES,
  OPTION_SELECTIONS,
  ORDER_TYPES,
  PRODUCTS,
  SCRIPT_TYPES,
  TRAIL_TYPES,
} from './ranges';

/**
 * The JSON bridge order fields of spec §3, as a webhook body carries them. Each message reads after its
 * field name ("quantity: expected a whole number above 0"), so a trader fixing an alert sees what to type.
 *
 * TradingView fills placeholders as text ("quantity": "{{strategy.order.contracts}}" arrives as "2", and
 * `{{strategy.order.action}}` as lowercase "buy"), so numbers and flags also arrive as strings and enum
 * words in any case; text values are trimmed (spec §5).
 *
 * `script_type` takes the spec's script types EQ, CE, PE, FUT (not the bridge variant OPT): a JSON bridge
 * order names the option side itself, whereas the custom bridge takes it from the signal's direction.
 */
const listOf = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values.at(-1) ?? ''}`;

function trimmed(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

function upperCased(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toUpperCase() : value;
}

function lowerCased(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}

function numeric(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : value;
}

const FLAG_WORDS: Readonly<Record<string, boolean>> = { true: true, false: false };

function flag(value: unknown): unknown {
  return typeof value === 'string' ? (FLAG_WORDS[value.trim().toLowerCase()] ?? value) : value;
}

const wordOf = <const T extends readonly [string, ...string[]]>(values: T, normalise: (value: unknown) => unknown) =>
  z.preprocess(normalise, z.enum(values, { error: `expected ${listOf(values)}` }));

const positiveNumber = z.preprocess(numeric, z.number({ error: 'expected a number above 0' }).positive('expected a number above 0'));
const zeroOrMore = z.preprocess(numeric, z.number({ error: 'expected a number of 0 or more' }).nonnegative('expected a number of 0 or more'));
const wholeNumber = z.preprocess(numeric, z.number({ error: 'expected a whole number' }).int('expected a whole number'));
const wholeZeroOrMore = z.preprocess(
  numeric,
  z.number({ error: 'expected a whole number of 0 or more' }).int('expected a whole number of 0 or more').nonnegative('expected a whole number of 0 or more'),
);
const wholeAboveZero = z.preprocess(
  numeric,
  z.number({ error: 'expected a whole number above 0' }).int('expected a whole number above 0').positive('expected a whole number above 0'),
);
const onOff = z.preprocess(flag, z.boolean({ error: 'expected true or false' })).default(false);
/** IST wall-clock time, HH:mm or HH:mm:ss (spec §9 time format). */
export const CLOCK_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const clockTime = z.preprocess(trimmed, z.string({ error: 'expected a time as HH:mm (IST)' }).regex(CLOCK_TIME_PATTERN, 'expected a time as HH:mm (IST)'));
const symbolText = z.preprocess(
  upperCased,
  z.string({ error: 'expected a symbol such as NIFTY or SBIN' }).min(1, 'expected a symbol such as NIFTY or SBIN').max(60, 'expected at most 60 characters'),
);

export const jsonBridgeOrderShape = {
  type: wordOf(ORDER_TYPES, upperCased),
  script_type: wordOf(SCRIPT_TYPES, upperCased),
  option_selection: wordOf(OPTION_SELECTIONS, upperCased).optional(),
  /** The exact trading symbol (EQ, FUT, SYMBOL_BASED options) or the underlying (premium/ATM options). */
  script: symbolText,
  premium_value: positiveNumber.optional(),
  max_variation: zeroOrMore.optional(),
  /** Strikes away from ATM: positive out of the money, negative in the money (strike-selection.ts). */
  atm_gap: wholeNumber.optional(),
  expiry_gap: wholeZeroOrMore.optional(),
  expiry_type: wordOf(EXPIRY_TYPES, lowerCased).optional(),
  product: wordOf(PRODUCTS, upperCased),
  /** Shares for equities, lots for F&O (spec §5 quantity label). */
  quantity: wholeAboveZero,
  transaction_type: wordOf(ACTIONS, upperCased),
  price: zeroOrMore.optional(),
  trigger_price: zeroOrMore.optional(),
  exit_on_opposite: onOff,
  is_tgt: onOff,
  is_sl: onOff,
  is_trail_set: onOff,
  is_rollover: onOff,
  /** Days before expiry on which the position rolls to the next contract, at `rollover_time`. */
  rollover_gap: wholeZeroOrMore.optional(),
  rollover_time: clockTime.optional(),
  tgt_type: wordOf(JSON_BRIDGE_EXIT_LEVEL_TYPES, upperCased).optional(),
  tgt_value: positiveNumber.optional(),
  sl_type: wordOf(JSON_BRIDGE_EXIT_LEVEL_TYPES, upperCased).optional(),
  sl_value: positiveNumber.optional(),
  trail_type: wordOf(TRAIL_TYPES, upperCased).optional(),
  trail_trigger: zeroOrMore.optional(),
  trail_gap: positiveNumber.optional(),
  trail_point: positiveNumber.optional(),
  /** The signed position to hold afterwards (negative short, 0 flat), as TradingView's strategy.position_size. */
  position_size: wholeNumber.optional(),
};

type OrderFields = z.output<z.ZodObject<typeof jsonBridgeOrderShape>>;
type FieldName = keyof OrderFields;

/** A field that other fields make necessary or constrain; one row per rule, checked in order. */
interface FieldRule {
  readonly field: FieldName;
  readonly appliesTo: (order: OrderFields) => boolean;
  readonly holds: (order: OrderFields) => boolean;
  readonly message: string;
}

const isSet = (field: FieldName) => (order: OrderFields) => order[field] !== undefined;
const isOption = (order: OrderFields) => order.script_type === 'CE' || order.script_type === 'PE';
const picksByChain = (order: OrderFields) => isOption(order) && order.option_selection !== undefined && order.option_selection !== 'SYMBOL_BASED';
const needsExpiry = (order: OrderFields) => order.script_type === 'FUT' || picksByChain(order);
const isPositive = (value: number | undefined) => value !== undefined && value > 0;

const FIELD_RULES: readonly FieldRule[] = [
  { field: 'option_selection', appliesTo: isOption, holds: isSet('option_selection'), message: `expected ${listOf(OPTION_SELECTIONS)} for an option` },
  { field: 'option_selection', appliesTo: (o) => !isOption(o), holds: (o) => o.option_selection === undefined, message: 'only options (script_type CE or PE) take an option selection' },
  { field: 'premium_value', appliesTo: (o) => isOption(o) && o.option_selection === 'PREMIUM_BASED', holds: isSet('premium_value'), message: 'expected the premium to look for (PREMIUM_BASED)' },
  { field: 'max_variation', appliesTo: (o) => isOption(o) && o.option_selection === 'PREMIUM_BASED', holds: isSet('max_variation'), message: 'expected how far the premium may be from premium_value (PREMIUM_BASED)' },
  { field: 'atm_gap', appliesTo: (o) => isOption(o) && o.option_selection === 'ATM_BASED', holds: isSet('atm_gap'), message: 'expected the strikes away from ATM, 0 for ATM itself (ATM_BASED)' },
  { field: 'expiry_type', appliesTo: needsExpiry, holds: isSet('expiry_type'), message: `expected ${listOf(EXPIRY_TYPES)}` },
  { field: 'expiry_type', appliesTo: (o) => o.script_type === 'FUT', holds: (o) => o.expiry_type !== 'weekly', message: 'futures expire monthly: expected monthly' },
  { field: 'expiry_gap', appliesTo: needsExpiry, holds: isSet('expiry_gap'), message: 'expected which expiry: 0 for the nearest, 1 for the next, …' },
  { field: 'price', appliesTo: (o) => o.type !== 'MARKET', holds: (o) => isPositive(o.price), message: 'expected a price above 0 for LIMIT and SL orders' },
  { field: 'trigger_price', appliesTo: (o) => o.type === 'SL', holds: (o) => isPositive(o.trigger_price), message: 'expected a trigger price above 0 for SL orders' },
  // Exchanges refuse a stop-loss buy triggering above its limit price, and a sell triggering below it.
  {
    field: 'trigger_price',
    appliesTo: (o) => o.type === 'SL' && isPositive(o.price) && isPositive(o.trigger_price),
    holds: (o) => (o.transaction_type === 'BUY' ? (o.trigger_price ?? 0) <= (o.price ?? 0) : (o.trigger_price ?? 0) >= (o.price ?? 0)),
    message: 'expected a trigger price at or below the price for an SL BUY, at or above it for an SL SELL',
  },
  { field: 'tgt_type', appliesTo: (o) => o.is_tgt, holds: isSet('tgt_type'), message: `expected ${listOf(JSON_BRIDGE_EXIT_LEVEL_TYPES)} when is_tgt is true` },
  { field: 'tgt_value', appliesTo: (o) => o.is_tgt, holds: isSet('tgt_value'), message: 'expected the target (a price, points or percent) when is_tgt is true' },
  { field: 'sl_type', appliesTo: (o) => o.is_sl, holds: isSet('sl_type'), message: `expected ${listOf(JSON_BRIDGE_EXIT_LEVEL_TYPES)} when is_sl is true` },
  { field: 'sl_value', appliesTo: (o) => o.is_sl, holds: isSet('sl_value'), message: 'expected the stop-loss (a price, points or percent) when is_sl is true' },
  { field: 'sl_value', appliesTo: (o) => o.is_sl && o.sl_type === 'PERCENTAGE', holds: (o) => (o.sl_value ?? 0) < 100, message: 'expected a stop-loss percentage below 100' },
  { field: 'is_trail_set', appliesTo: (o) => o.is_trail_set, holds: (o) => o.is_sl, message: 'a trailing stop moves the stop-loss: set is_sl to true as well' },
  { field: 'trail_type', appliesTo: (o) => o.is_trail_set, holds: isSet('trail_type'), message: `expected ${listOf(TRAIL_TYPES)} when is_trail_set is true` },
  { field: 'trail_trigger', appliesTo: (o) => o.is_trail_set, holds: isSet('trail_trigger'), message: 'expected the profit after which trailing starts (0 to start at once)' },
  { field: 'trail_gap', appliesTo: (o) => o.is_trail_set, holds: isSet('trail_gap'), message: 'expected how far the price must move for each step of the stop' },
  { field: 'trail_point', appliesTo: (o) => o.is_trail_set, holds: isSet('trail_point'), message: 'expected how far the stop moves at each step' },
  // A stop moving faster than the price would overtake it and exit the position on the next step.
  {
    field: 'trail_point',
    appliesTo: (o) => o.is_trail_set && o.trail_gap !== undefined && o.trail_point !== undefined,
    holds: (o) => (o.trail_point ?? 0) <= (o.trail_gap ?? 0),
    message: 'expected trail_point at most trail_gap, or the stop would overtake the price',
  },
  { field: 'is_rollover', appliesTo: (o) => o.is_rollover, holds: (o) => o.script_type !== 'EQ', message: 'only futures and options expire and roll over' },
  { field: 'rollover_gap', appliesTo: (o) => o.is_rollover, holds: isSet('rollover_gap'), message: 'expected the days before expiry to roll over (0 = on expiry day) when is_rollover is true' },
  { field: 'rollover_time', appliesTo: (o) => o.is_rollover, holds: isSet('rollover_time'), message: 'expected the time to roll over, HH:mm (IST), when is_rollover is true' },
];

function checkFieldRules(order: OrderFields, context: z.RefinementCtx): void {
  for (const rule of FIELD_RULES) {
    if (rule.appliesTo(order) && !rule.holds(order)) context.addIssue({ code: 'custom', path: [rule.field], message: rule.message });
  }
}

/** Unknown fields are refused rather than dropped: a misspelt `tgt_vlaue` must not place an order without its target. */
export const jsonBridgeOrderSchema = z
  .strictObject(jsonBridgeOrderShape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}: not a JSON bridge order field` : 'expected a JSON object of order fields'),
  })
  .superRefine(checkFieldRules);

export type JsonBridgeOrder = z.output<typeof jsonBridgeOrderSchema>;
