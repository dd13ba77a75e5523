import type { FlagFieldName, TextFieldName } from './syntax-fields';

/** Each field's label in the generator, with the order field's own name kept visible in the JSON beside it. */
export const FIELD_LABELS: Readonly<Record<TextFieldName | FlagFieldName, string>> = {
  type: 'Order type',
  script_type: 'Script type',
  option_selection: 'Option selection',
  script: 'Script',
  premium_value: 'Premium',
  max_variation: 'Max variation',
  atm_gap: 'ATM gap (strikes)',
  expiry_gap: 'Expiry gap',
  expiry_type: 'Expiry type',
  product: 'Product',
  quantity: 'Quantity (shares, or lots for F&O)',
  transaction_type: 'Transaction type',
  price: 'Price',
  trigger_price: 'Trigger price',
  rollover_gap: 'Rollover days before expiry',
  rollover_time: 'Rollover time (HH:mm IST)',
  tgt_type: 'Target type',
  tgt_value: 'Target value',
  sl_type: 'Stop-loss type',
  sl_value: 'Stop-loss value',
  trail_type: 'Trail type',
  trail_trigger: 'Trail trigger',
  trail_gap: 'Trail gap',
  trail_point: 'Trail point',
  position_size: 'Position size',
  exit_on_opposite: 'Exit opposite positions first',
  is_tgt: 'Set a target',
  is_sl: 'Set a stop-loss',
  is_trail_set: 'Trail the stop-loss',
  is_rollover: 'Roll over before expiry',
};

/** The form's sections, each a list of fields in the order they read best. */
export const SYNTAX_SECTIONS: readonly { title: string; fields: readonly (TextFieldName | FlagFieldName)[] }[] = [
  { title: 'Instrument', fields: ['script_type', 'option_selection', 'script', 'premium_value', 'max_variation', 'atm_gap', 'expiry_type', 'expiry_gap'] },
  { title: 'Order', fields: ['transaction_type', 'quantity', 'product', 'type', 'price', 'trigger_price', 'exit_on_opposite'] },
  { title: 'Exits', fields: ['is_tgt', 'tgt_type', 'tgt_value', 'is_sl', 'sl_type', 'sl_value', 'is_trail_set', 'trail_type', 'trail_trigger', 'trail_gap', 'trail_point'] },
  { title: 'Rollover and position size', fields: ['is_rollover', 'rollover_gap', 'rollover_time', 'position_size'] },
];
