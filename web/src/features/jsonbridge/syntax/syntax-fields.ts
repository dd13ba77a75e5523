import { CLOCK_TIME_PATTERN } from '@shared/domain/json-bridge-order';
import {
  ACTIONS,
  EXPIRY_TYPES,
  JSON_BRIDGE_EXIT_LEVEL_TYPES,
  OPTION_SELECTIONS,
  ORDER_TYPES,
  PRODUCTS,
  SCRIPT_TYPES,
  TRAIL_TYPES,
} from '@shared/domain/ranges';

/** The order fields the generator writes as text (numbers are converted when the JSON is built). */
export const TEXT_FIELDS = [
  'type', 'script_type', 'option_selection', 'script', 'premium_value', 'max_variation', 'atm_gap', 'expiry_gap', 'expiry_type',
  'product', 'quantity', 'transaction_type', 'price', 'trigger_price', 'rollover_gap', 'rollover_time',
  'tgt_type', 'tgt_value', 'sl_type', 'sl_value', 'trail_type', 'trail_trigger', 'trail_gap', 'trail_point', 'position_size',
] as const;
/** The order fields that are true / false. */
export const FLAG_FIELDS = ['exit_on_opposite', 'is_tgt', 'is_sl', 'is_trail_set', 'is_rollover'] as const;

export type TextFieldName = (typeof TEXT_FIELDS)[number];
export type FlagFieldName = (typeof FLAG_FIELDS)[number];

/** The generator's form: each order field, plus whether to send position_size and TradingView placeholders. */
export type SyntaxValues = Record<TextFieldName, string> &
  Record<FlagFieldName, boolean> & {
    with_position_size: boolean;
    use_placeholders: boolean;
  };

export const INITIAL_SYNTAX_VALUES: SyntaxValues = {
  type: 'MARKET',
  script_type: 'EQ',
  option_selection: 'ATM_BASED',
  script: '',
  premium_value: '',
  max_variation: '',
  atm_gap: '0',
  expiry_gap: '0',
  expiry_type: 'weekly',
  product: 'INTRADAY',
  quantity: '1',
  transaction_type: 'BUY',
  price: '',
  trigger_price: '',
  exit_on_opposite: false,
  is_tgt: false,
  is_sl: false,
  is_trail_set: false,
  is_rollover: false,
  rollover_gap: '0',
  rollover_time: '15:15',
  tgt_type: 'POINT',
  tgt_value: '',
  sl_type: 'POINT',
  sl_value: '',
  trail_type: 'POINT',
  trail_trigger: '0',
  trail_gap: '',
  trail_point: '',
  position_size: '',
  with_position_size: false,
  use_placeholders: false,
};

const isOption = (values: SyntaxValues) => values.script_type === 'CE' || values.script_type === 'PE';
const picksByChain = (values: SyntaxValues) => isOption(values) && values.option_selection !== 'SYMBOL_BASED';

/** When a field belongs in the order: the same conditions as the schema's rules (shared/domain/json-bridge-order.ts). */
export const FIELD_SHOWN: Readonly<Partial<Record<TextFieldName | FlagFieldName, (values: SyntaxValues) => boolean>>> = {
  option_selection: isOption,
  premium_value: (values) => isOption(values) && values.option_selection === 'PREMIUM_BASED',
  max_variation: (values) => isOption(values) && values.option_selection === 'PREMIUM_BASED',
  atm_gap: (values) => isOption(values) && values.option_selection === 'ATM_BASED',
  expiry_type: (values) => values.script_type === 'FUT' || picksByChain(values),
  expiry_gap: (values) => values.script_type === 'FUT' || picksByChain(values),
  price: (values) => values.type !== 'MARKET',
  trigger_price: (values) => values.type === 'SL',
  tgt_type: (values) => values.is_tgt,
  tgt_value: (values) => values.is_tgt,
  sl_type: (values) => values.is_sl,
  sl_value: (values) => values.is_sl,
  trail_type: (values) => values.is_trail_set,
  trail_trigger: (values) => values.is_trail_set,
  trail_gap: (values) => values.is_trail_set,
  trail_point: (values) => values.is_trail_set,
  is_rollover: (values) => values.script_type !== 'EQ',
  rollover_gap: (values) => values.is_rollover && values.script_type !== 'EQ',
  rollover_time: (values) => values.is_rollover && values.script_type !== 'EQ',
  position_size: (values) => values.with_position_size,
};

export const isShown = (field: TextFieldName | FlagFieldName, values: SyntaxValues) => FIELD_SHOWN[field]?.(values) ?? true;

/** Fields sent as JSON numbers; the rest are words. */
export const NUMERIC_FIELDS: ReadonlySet<TextFieldName> = new Set<TextFieldName>([
  'premium_value', 'max_variation', 'atm_gap', 'expiry_gap', 'quantity', 'price', 'trigger_price', 'rollover_gap',
  'tgt_value', 'sl_value', 'trail_trigger', 'trail_gap', 'trail_point', 'position_size',
]);

/** The choices of each select, straight from the ranges of spec §3. */
export const FIELD_CHOICES: Readonly<Partial<Record<TextFieldName, readonly string[]>>> = {
  type: ORDER_TYPES,
  script_type: SCRIPT_TYPES,
  option_selection: OPTION_SELECTIONS,
  expiry_type: EXPIRY_TYPES,
  product: PRODUCTS,
  transaction_type: ACTIONS,
  tgt_type: JSON_BRIDGE_EXIT_LEVEL_TYPES,
  sl_type: JSON_BRIDGE_EXIT_LEVEL_TYPES,
  trail_type: TRAIL_TYPES,
};

export { CLOCK_TIME_PATTERN };
