import { jsonBridgeOrderSchema, jsonBridgeOrderShape } from '@shared/domain/json-bridge-order';
import { FLAG_FIELDS, isShown, NUMERIC_FIELDS, TEXT_FIELDS, type FlagFieldName, type SyntaxValues, type TextFieldName } from './syntax-fields';

/**
 * TradingView placeholders for the fields a strategy decides per alert. TradingView fills them as text:
 * the action in lower case ("buy"), numbers as digits; the schema reads both.
 */
export const PLACEHOLDERS = {
  transaction_type: '{{strategy.order.action}}',
  quantity: '{{strategy.order.contracts}}',
  position_size: '{{strategy.position_size}}',
} as const satisfies Partial<Record<TextFieldName, string>>;

type PlaceholderField = keyof typeof PLACEHOLDERS;

/** What TradingView would put in for each placeholder, so the order can be checked before any alert fires. */
export const PLACEHOLDER_SAMPLES: Readonly<Record<PlaceholderField, string>> = {
  transaction_type: 'buy',
  quantity: '1',
  position_size: '1',
};

const ORDER_FIELD_ORDER = Object.keys(jsonBridgeOrderShape) as (TextFieldName | FlagFieldName)[];
const isFlag = (field: string): field is FlagFieldName => (FLAG_FIELDS as readonly string[]).includes(field);
const isText = (field: string): field is TextFieldName => (TEXT_FIELDS as readonly string[]).includes(field);
const isPlaceholderField = (field: string): field is PlaceholderField => field in PLACEHOLDERS;

/** A typed number as a JSON number; anything else stays text, for the schema to name the problem. */
function valueOf(field: TextFieldName, text: string): string | number {
  const trimmed = text.trim();
  if (!NUMERIC_FIELDS.has(field) || trimmed === '') return trimmed;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

type PlaceholderMode = 'placeholders' | 'samples';

/**
 * The JSON bridge order the form stands for, in the schema's field order, with only the fields that
 * apply. With placeholders on, the strategy's fields carry TradingView's placeholders (`placeholders`)
 * or sample values standing in for them (`samples`, to check and to send as a test).
 */
export function orderOf(values: SyntaxValues, mode: PlaceholderMode = 'placeholders'): Record<string, unknown> {
  const order: Record<string, unknown> = {};
  for (const field of ORDER_FIELD_ORDER) {
    if (!isShown(field, values)) continue;
    if (isFlag(field)) {
      order[field] = values[field];
    } else if (isText(field)) {
      if (values.use_placeholders && isPlaceholderField(field)) {
        order[field] = mode === 'placeholders' ? PLACEHOLDERS[field] : PLACEHOLDER_SAMPLES[field];
        continue;
      }
      const value = valueOf(field, values[field]);
      if (value !== '') order[field] = value;
    }
  }
  return order;
}

/** The JSON to paste into the alert's message, pretty-printed. */
export function orderJsonOf(values: SyntaxValues): string {
  return JSON.stringify(orderOf(values), null, 2);
}

/** One problem of the order, under the field it concerns. */
export interface OrderProblem {
  field: string;
  message: string;
}

/** What the webhook would refuse, field by field, as jsonBridgeOrderSchema words it (placeholders checked with samples). */
export function orderProblemsOf(values: SyntaxValues): OrderProblem[] {
  const parsed = jsonBridgeOrderSchema.safeParse(orderOf(values, 'samples'));
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'order', message: issue.message }));
}
