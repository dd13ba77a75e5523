import {
  addPositionRequestSchema,
  editPositionRequestSchema,
  ENTRY_FIELDS,
  positionFieldsSchema,
  type Position,
} from '@shared/contracts/ordermanager';
import type { CANDLE_TIMEFRAMES_MINUTES } from '@shared/domain/constants';
import { LOT_EXCHANGES } from '@shared/domain/instruments';
import type { ENTRY_TYPES, EXIT_LEVEL_TYPES, LEVEL_DIRECTIONS, TRAIL_TYPES } from '@shared/domain/ranges';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { amountOf, enteredQuantityProblem, priceProblems } from '../order-ticket/order-price-rules';
import type { TicketScript } from '../order-ticket/ticket-script';
import { PRICE_FIELDS_BY_TYPE, type OrderFieldValues } from '../order-ticket/ticket-values';
import { enteredOf, quantityUnitOf, unitsOf } from '../orders/lot-quantity';

export type EntryType = (typeof ENTRY_TYPES)[number];
export type LevelDirection = (typeof LEVEL_DIRECTIONS)[number];
export type ExitLevelType = (typeof EXIT_LEVEL_TYPES)[number];
export type TrailType = (typeof TRAIL_TYPES)[number];
export type CandleTimeframe = (typeof CANDLE_TIMEFRAMES_MINUTES)[number];

/** A position as its dialog holds it: the order part as the order ticket's fields, amounts as typed text. */
export interface PositionFormValues extends OrderFieldValues {
  broker_id: string;
  entry_type: EntryType;
  entry_direction: LevelDirection;
  entry_price: string;
  candle_timeframe: string;
  is_tgt: boolean;
  tgt_type: ExitLevelType;
  tgt_value: string;
  is_sl: boolean;
  sl_type: ExitLevelType;
  sl_value: string;
  is_trail_set: boolean;
  trail_type: TrailType;
  trail_trigger: string;
  trail_gap: string;
  trail_point: string;
  /** Rollover (F&O scripts only): trading days before expiry, and the time (HH:mm:ss IST). */
  is_rollover: boolean;
  rollover_gap: string;
  rollover_time: string;
}

/** The script a position trades; a saved position does not carry its tick, so it may be unknown. */
export type PositionScript = Omit<TicketScript, 'tick_size'> & { tick_size: number | null };

/** A new position: a MARKET entry entered by hand (DIRECT), one unit or lot, no exit levels. */
export function newPositionValues(brokerId: string): PositionFormValues {
  return {
    broker_id: brokerId,
    transaction_type: 'BUY',
    product: 'INTRADAY',
    order_type: 'MARKET',
    quantity: '1',
    price: null,
    trigger_price: '',
    entry_type: 'DIRECT',
    entry_direction: 'ABOVE',
    entry_price: '',
    candle_timeframe: '5',
    is_tgt: false,
    tgt_type: 'POINT',
    tgt_value: '',
    is_sl: false,
    sl_type: 'POINT',
    sl_value: '',
    is_trail_set: false,
    trail_type: 'POINT',
    trail_trigger: '',
    trail_gap: '',
    trail_point: '',
    is_rollover: false,
    rollover_gap: '0',
    rollover_time: '15:00:00',
  };
}

const textOf = (value: number | null) => (value === null ? '' : String(value));

/** A saved position in the dialog, its quantity back in the lots the field shows. */
export function positionValuesOf(position: Position): PositionFormValues {
  const defaults = newPositionValues(position.broker_id);
  return {
    broker_id: position.broker_id,
    transaction_type: position.transaction_type,
    product: position.product,
    order_type: position.order_type,
    quantity: String(enteredOf(position.quantity, quantityUnitOf(position))),
    price: textOf(position.price),
    trigger_price: textOf(position.trigger_price),
    entry_type: position.entry_type,
    entry_direction: position.entry_direction ?? defaults.entry_direction,
    entry_price: textOf(position.entry_price),
    candle_timeframe: position.candle_timeframe === null ? defaults.candle_timeframe : String(position.candle_timeframe),
    is_tgt: position.is_tgt,
    tgt_type: position.tgt_type ?? defaults.tgt_type,
    tgt_value: textOf(position.tgt_value),
    is_sl: position.is_sl,
    sl_type: position.sl_type ?? defaults.sl_type,
    sl_value: textOf(position.sl_value),
    is_trail_set: position.is_trail_set,
    trail_type: position.trail_type ?? defaults.trail_type,
    trail_trigger: textOf(position.trail_trigger),
    trail_gap: textOf(position.trail_gap),
    trail_point: textOf(position.trail_point),
    is_rollover: position.is_rollover ?? false,
    rollover_gap: position.rollover_gap === null || position.rollover_gap === undefined ? defaults.rollover_gap : String(position.rollover_gap),
    rollover_time: position.rollover_time ?? defaults.rollover_time,
  };
}

/** Only contracts that expire roll over: the form offers rollover for F&O scripts alone. */
export const canRollOver = (script: Pick<PositionScript, 'exchange'>) => LOT_EXCHANGES.includes(script.exchange);

export function positionScriptOf(position: Position): PositionScript {
  return { script_id: position.script_id, trading_symbol: position.trading_symbol, exchange: position.exchange, lot_size: position.lot_size, tick_size: null };
}

/** A typed amount for the body: null when empty (the contract's "off"), NaN stays for the schema to name. */
const numberOrNull = (text: string) => amountOf(text) ?? null;
/** A switched-off level sends nulls, so a stale value cannot sneak in. */
const when = <T>(isOn: boolean, value: T) => (isOn ? value : null);

/** The rollover fields for an F&O script (nothing for others); switched off, its day and time are sent empty. */
function rolloverFieldsOf(values: PositionFormValues, script: PositionScript): Record<string, unknown> {
  if (!canRollOver(script)) return {};
  const gap = values.rollover_gap.trim();
  return {
    is_rollover: values.is_rollover,
    rollover_gap: when(values.is_rollover, gap === '' ? null : Number(gap)),
    rollover_time: when(values.is_rollover, values.rollover_time.length === 5 ? `${values.rollover_time}:00` : values.rollover_time),
  };
}

/** Every position field of the contract, as the form stands for it (quantity in units). */
export function positionFieldsOf(values: PositionFormValues, script: PositionScript): Record<string, unknown> {
  const prices = PRICE_FIELDS_BY_TYPE[values.order_type];
  const entered = amountOf(values.quantity);
  const waitsForLevel = values.entry_type !== 'DIRECT';
  return {
    broker_id: values.broker_id,
    script_id: script.script_id,
    transaction_type: values.transaction_type,
    product: values.product,
    quantity: entered === undefined ? undefined : unitsOf(entered, quantityUnitOf(script)),
    order_type: values.order_type,
    price: prices.price ? numberOrNull(values.price ?? '') : null,
    trigger_price: prices.trigger ? numberOrNull(values.trigger_price) : null,
    entry_type: values.entry_type,
    entry_direction: when(waitsForLevel, values.entry_direction),
    entry_price: when(waitsForLevel, numberOrNull(values.entry_price)),
    candle_timeframe: when(values.entry_type === 'CANDLE', Number(values.candle_timeframe)),
    is_tgt: values.is_tgt,
    tgt_type: when(values.is_tgt, values.tgt_type),
    tgt_value: when(values.is_tgt, numberOrNull(values.tgt_value)),
    is_sl: values.is_sl,
    sl_type: when(values.is_sl, values.sl_type),
    sl_value: when(values.is_sl, numberOrNull(values.sl_value)),
    is_trail_set: values.is_trail_set,
    trail_type: when(values.is_trail_set, values.trail_type),
    trail_trigger: when(values.is_trail_set, numberOrNull(values.trail_trigger)),
    trail_gap: when(values.is_trail_set, numberOrNull(values.trail_gap)),
    trail_point: when(values.is_trail_set, numberOrNull(values.trail_point)),
    ...rolloverFieldsOf(values, script),
  };
}

const isEntryField = (field: string) => (ENTRY_FIELDS as readonly string[]).includes(field);

/** An OPEN position only takes new exit levels (the server refuses the rest), so only those are sent. */
export function exitLevelFieldsOf(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([field]) => !isEntryField(field)));
}

/** The request body: a new position in its group, or the changes to a saved one. */
export function positionBodyOf(values: PositionFormValues, script: PositionScript, target: PositionTarget): Record<string, unknown> {
  const fields = positionFieldsOf(values, script);
  if (target.kind === 'add') return { og_id: target.ogId, ...fields };
  const changed = target.position.op_status === 'OPEN' ? exitLevelFieldsOf(fields) : fields;
  return { og_id: target.position.og_id, op_id: target.position.op_id, ...changed };
}

export type PositionTarget = { kind: 'add'; ogId: string } | { kind: 'edit'; position: Position };

/**
 * Everything wrong with the form, one message per field: the contract's request schema (and, for an
 * edit, the whole position checked as the server checks the merge), then the order-ticket rules
 * (whole lots, price and trigger sides) whose words name the field the user sees.
 */
export function positionErrorsOf(values: PositionFormValues, script: PositionScript, target: PositionTarget): FieldErrors {
  const body = positionBodyOf(values, script, target);
  const schemaErrors =
    target.kind === 'add'
      ? fieldErrorsOf(addPositionRequestSchema, body)
      : { ...fieldErrorsOf(positionFieldsSchema, positionFieldsOf(values, script)), ...fieldErrorsOf(editPositionRequestSchema, body) };
  const isEntryLocked = target.kind === 'edit' && target.position.op_status === 'OPEN';
  const quantityProblem = isEntryLocked ? null : enteredQuantityProblem(amountOf(values.quantity), quantityUnitOf(script).lotSize !== null);
  const ruleErrors = isEntryLocked
    ? {}
    : priceProblems({
        orderType: values.order_type,
        action: values.transaction_type,
        price: amountOf(values.price),
        triggerPrice: amountOf(values.trigger_price),
        tick: script.tick_size,
      });
  return { ...(values.broker_id === '' ? { broker_id: 'Choose the account the position enters on.' } : {}), ...schemaErrors, ...(quantityProblem ? { quantity: quantityProblem } : {}), ...ruleErrors };
}
