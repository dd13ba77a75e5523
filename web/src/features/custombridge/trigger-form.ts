import {
  addBridgeTriggerRequestSchema,
  triggerTemplateSchema,
  updateBridgeTriggerRequestSchema,
  type ScriptSource,
  type Trigger,
  type TriggerDirectionName,
  type TriggerFields,
} from '@shared/contracts/bridge';
import type { SignalTargetKind } from '@shared/contracts/signal-targets';
import type { ACTIONS, EXCHANGES, EXPIRY_TYPES, LEVEL_DIRECTIONS, OPTION_BASES, TRIGGER_SCRIPT_TYPES } from '@shared/domain/ranges';
import { newPositionValues, type PositionFormValues } from '@/entities/order-groups/position-form';
import { amountOf } from '@/entities/order-ticket/order-price-rules';
import { productsFor, type Product } from '@/entities/order-ticket/product-exchanges';
import { PRICE_FIELDS_BY_TYPE } from '@/entities/order-ticket/ticket-values';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';

export type TriggerScriptType = (typeof TRIGGER_SCRIPT_TYPES)[number];
type Exchange = (typeof EXCHANGES)[number];
type OptionBase = (typeof OPTION_BASES)[number];
type ExpiryType = (typeof EXPIRY_TYPES)[number];
type Action = (typeof ACTIONS)[number];
type LevelDirection = (typeof LEVEL_DIRECTIONS)[number];

/**
 * A trigger as its dialog holds it. The entry and exit part has the order manager's position form
 * shape (the trigger's position takes the order manager's fields as they are), so its field groups are
 * shared; amounts stay text until checked, and '' stands for the contract's null ("decided by the
 * direction" / "let the master choose").
 */
export interface TriggerFormValues extends Omit<PositionFormValues, 'broker_id' | 'transaction_type' | 'product'> {
  direction: TriggerDirectionName;
  target_kind: SignalTargetKind;
  target_id: string;
  script_type: TriggerScriptType;
  script_source: ScriptSource;
  script: string;
  exchange: Exchange | '';
  option_base: OptionBase;
  strike_offset: string;
  option_side: 'CE' | 'PE' | '';
  expiry_type: ExpiryType;
  expiry_gap: string;
  transaction_type: Action | '';
  product: Product;
  tgt_direction: LevelDirection | '';
  sl_direction: LevelDirection | '';
  exit_opposite: boolean;
}

/** The exchange whose products a script type trades with: the cash market for equities, the derivative one for F&O. */
const PRODUCT_EXCHANGE: Readonly<Record<TriggerScriptType, Exchange>> = { EQUITY: 'NSE', OPTION: 'NFO', FUTURE: 'NFO' };

export function productsForScriptType(scriptType: TriggerScriptType): Product[] {
  return productsFor(PRODUCT_EXCHANGE[scriptType]);
}

/** Spec §5: 'Quantity' (shares) for equities, 'Order Lot' (lots) for F&O. */
export function quantityLabelFor(scriptType: TriggerScriptType): 'Quantity' | 'Order Lot' {
  return scriptType === 'EQUITY' ? 'Quantity' : 'Order Lot';
}

/** A new trigger: an equity bought (UP) or sold (DOWN) at MARKET when the signal comes, one share, no exits. */
export function newTriggerValues(direction: TriggerDirectionName, target: { kind: SignalTargetKind; id: string }): TriggerFormValues {
  const { broker_id: _account, transaction_type: _side, product: _product, ...position } = newPositionValues('');
  return {
    ...position,
    direction,
    target_kind: target.kind,
    target_id: target.id,
    script_type: 'EQUITY',
    script_source: 'TRIGGER',
    script: '',
    exchange: 'NSE',
    option_base: 'INDEX',
    strike_offset: '0',
    option_side: '',
    expiry_type: 'weekly',
    expiry_gap: '0',
    transaction_type: '',
    product: 'INTRADAY',
    tgt_direction: '',
    sl_direction: '',
    exit_opposite: false,
  };
}

const textOf = (value: number | null) => (value === null ? '' : String(value));

/** A saved trigger in the dialog. */
export function triggerValuesOf(trigger: Trigger): TriggerFormValues {
  const defaults = newTriggerValues(trigger.direction, { kind: trigger.target_kind, id: trigger.target_id });
  return {
    ...defaults,
    script_type: trigger.script_type,
    script_source: trigger.script_source,
    script: trigger.script ?? '',
    exchange: trigger.exchange ?? '',
    option_base: trigger.option_base ?? defaults.option_base,
    strike_offset: String(trigger.strike_offset),
    option_side: trigger.option_side ?? '',
    expiry_type: trigger.expiry_type ?? defaults.expiry_type,
    expiry_gap: String(trigger.expiry_gap),
    transaction_type: trigger.transaction_type ?? '',
    quantity: String(trigger.quantity),
    product: trigger.product,
    order_type: trigger.order_type,
    price: textOf(trigger.price),
    trigger_price: textOf(trigger.trigger_price),
    entry_type: trigger.entry_type,
    entry_direction: trigger.entry_direction ?? defaults.entry_direction,
    entry_price: textOf(trigger.entry_price),
    candle_timeframe: trigger.candle_timeframe === null ? defaults.candle_timeframe : String(trigger.candle_timeframe),
    is_tgt: trigger.is_tgt,
    tgt_type: trigger.tgt_type ?? defaults.tgt_type,
    tgt_value: textOf(trigger.tgt_value),
    tgt_direction: trigger.tgt_direction ?? '',
    is_sl: trigger.is_sl,
    sl_type: trigger.sl_type ?? defaults.sl_type,
    sl_value: textOf(trigger.sl_value),
    sl_direction: trigger.sl_direction ?? '',
    is_trail_set: trigger.is_trail_set,
    trail_type: trigger.trail_type ?? defaults.trail_type,
    trail_trigger: textOf(trigger.trail_trigger),
    trail_gap: textOf(trigger.trail_gap),
    trail_point: textOf(trigger.trail_point),
    exit_opposite: trigger.exit_opposite,
  };
}

/** A typed amount: null when empty (the contract's "off"); text that is no number stays for the schema to name. */
const numberOrNull = (text: string | null) => {
  if (text === null || text.trim() === '') return null;
  return amountOf(text) ?? text;
};
/** A whole number typed in a field; text that is none stays for the schema to name. */
const wholeOf = (text: string) => (text.trim() === '' ? text : Number(text));
const orNull = <T extends string>(value: T | '') => (value === '' ? null : value);
/** A field that does not apply sends its "off" value, so a stale choice cannot sneak in. */
const when = <T, Off>(isOn: boolean, value: T, off: Off) => (isOn ? value : off);

/** Every template field of the contract, as the form stands for it. */
export function triggerFieldsOf(values: TriggerFormValues): Record<keyof TriggerFields, unknown> {
  const prices = PRICE_FIELDS_BY_TYPE[values.order_type];
  const isOption = values.script_type === 'OPTION';
  const hasExpiry = values.script_type !== 'EQUITY';
  const waitsForLevel = values.entry_type !== 'DIRECT';
  return {
    target_kind: values.target_kind,
    target_id: values.target_id,
    script_type: values.script_type,
    option_base: when(isOption, values.option_base, null),
    script_source: values.script_source,
    script: when(values.script_source === 'TRIGGER', values.script, null),
    exchange: when(values.script_type === 'EQUITY', orNull(values.exchange), null),
    strike_offset: when(isOption, wholeOf(values.strike_offset), 0),
    option_side: when(isOption, orNull(values.option_side), null),
    expiry_type: when(hasExpiry, values.script_type === 'FUTURE' ? 'monthly' : values.expiry_type, null),
    expiry_gap: when(hasExpiry, wholeOf(values.expiry_gap), 0),
    transaction_type: orNull(values.transaction_type),
    quantity: wholeOf(values.quantity),
    product: values.product,
    order_type: values.order_type,
    price: prices.price ? numberOrNull(values.price) : null,
    trigger_price: prices.trigger ? numberOrNull(values.trigger_price) : null,
    entry_type: values.entry_type,
    entry_direction: when(waitsForLevel, values.entry_direction, null),
    entry_price: when(waitsForLevel, numberOrNull(values.entry_price), null),
    candle_timeframe: when(values.entry_type === 'CANDLE', Number(values.candle_timeframe), null),
    is_tgt: values.is_tgt,
    tgt_type: when(values.is_tgt, values.tgt_type, null),
    tgt_value: when(values.is_tgt, numberOrNull(values.tgt_value), null),
    tgt_direction: when(values.is_tgt, orNull(values.tgt_direction), null),
    is_sl: values.is_sl,
    sl_type: when(values.is_sl, values.sl_type, null),
    sl_value: when(values.is_sl, numberOrNull(values.sl_value), null),
    sl_direction: when(values.is_sl, orNull(values.sl_direction), null),
    is_trail_set: values.is_trail_set,
    trail_type: when(values.is_trail_set, values.trail_type, null),
    trail_trigger: when(values.is_trail_set, numberOrNull(values.trail_trigger), null),
    trail_gap: when(values.is_trail_set, numberOrNull(values.trail_gap), null),
    trail_point: when(values.is_trail_set, numberOrNull(values.trail_point), null),
    exit_opposite: values.exit_opposite,
  };
}

export type TriggerTarget = { kind: 'add'; bridgeId: string } | { kind: 'edit'; trigger: Trigger };

/** The request body: a new trigger last in its direction, or the whole template of a saved one (the server merges and checks it whole). */
export function triggerBodyOf(values: TriggerFormValues, target: TriggerTarget): Record<string, unknown> {
  const fields = triggerFieldsOf(values);
  if (target.kind === 'add') return { bridge_id: target.bridgeId, direction: values.direction, ...fields };
  return { bridge_id: target.trigger.bridge_id, trigger_id: target.trigger.trigger_id, ...fields };
}

/** Everything wrong with the form, one message per field, by the contract's own request schema and template rules. */
export function triggerErrorsOf(values: TriggerFormValues, target: TriggerTarget): FieldErrors {
  const body = triggerBodyOf(values, target);
  const targetError: FieldErrors = values.target_id === '' ? { target_id: 'Choose the account or group the trigger trades on.' } : {};
  const schemaErrors =
    target.kind === 'add'
      ? fieldErrorsOf(addBridgeTriggerRequestSchema, body)
      : { ...fieldErrorsOf(triggerTemplateSchema, triggerFieldsOf(values)), ...fieldErrorsOf(updateBridgeTriggerRequestSchema, body) };
  return { ...schemaErrors, ...targetError };
}
