import { addOrderGroupRequestSchema, editOrderGroupRequestSchema, type OrderGroup } from '@shared/contracts/ordermanager';
import { amountOf } from '@/entities/order-ticket/order-price-rules';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';

/** An order group's settings as its dialog holds them (money and times as typed). */
export interface OrderGroupFormValues {
  og_name: string;
  og_place_order: boolean;
  group_tgt: string;
  group_sl: string;
  start_time: string;
  end_time: string;
}

export const NEW_ORDER_GROUP_VALUES: OrderGroupFormValues = { og_name: '', og_place_order: true, group_tgt: '', group_sl: '', start_time: '', end_time: '' };

export function orderGroupValuesOf(group: OrderGroup): OrderGroupFormValues {
  return {
    og_name: group.og_name,
    og_place_order: group.og_place_order,
    group_tgt: group.group_tgt === null ? '' : String(group.group_tgt),
    group_sl: group.group_sl === null ? '' : String(group.group_sl),
    start_time: group.start_time ?? '',
    end_time: group.end_time ?? '',
  };
}

/** "9:15" and "09:15" read as 09:15:00: the contract takes HH:mm:ss, people type minutes. */
export function windowTimeOf(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const minutesOnly = /^(\d{1,2}):(\d{2})$/.exec(trimmed);
  if (minutesOnly) return `${(minutesOnly[1] ?? '').padStart(2, '0')}:${minutesOnly[2] ?? ''}:00`;
  return trimmed;
}

export function orderGroupSettingsOf(values: OrderGroupFormValues) {
  return {
    og_name: values.og_name,
    og_place_order: values.og_place_order,
    group_tgt: amountOf(values.group_tgt) ?? null,
    group_sl: amountOf(values.group_sl) ?? null,
    start_time: windowTimeOf(values.start_time),
    end_time: windowTimeOf(values.end_time),
  };
}

/** The request body: a new group, or every setting of an existing one (`og_id` names it). */
export function orderGroupBodyOf(values: OrderGroupFormValues, ogId: string | null): Record<string, unknown> {
  const settings = orderGroupSettingsOf(values);
  return ogId === null ? settings : { og_id: ogId, ...settings };
}

export function orderGroupErrorsOf(values: OrderGroupFormValues, ogId: string | null): FieldErrors {
  const body = orderGroupBodyOf(values, ogId);
  return fieldErrorsOf(ogId === null ? addOrderGroupRequestSchema : editOrderGroupRequestSchema, body);
}
