import { ulid } from 'ulid';
import {
  MAX_POSITIONS_PER_ORDER_GROUP,
  ORDER_GROUP_FULL_MESSAGE,
  positionFieldsSchema,
  type AddPositionRequest,
  type EditPositionRequest,
  type PositionFields,
} from '../../shared/contracts/ordermanager';
import type { Instrument } from '../../shared/domain/instruments';
import { loadLiveAccount } from '../broker-accounts/accounts/owned-account';
import type { OrderManagerOwner } from '../data/ordermanager/order-manager-keys';
import { addPosition as writePosition, deletePosition } from '../data/ordermanager/position';
import { editPositionFields } from '../data/ordermanager/position-changes';
import type { NewPosition, PositionItem } from '../data/ordermanager/position-item';
import { findScript } from '../market/ltp';
import { OrderRulesError } from '../orders/order-errors';
import { normalisedTicket, ticketFromFields, ticketProblems } from '../orders/order-ticket';
import { BusinessRuleError, ValidationError } from '../platform/errors';
import { toValidationIssues } from '../platform/http/parse-input';
import { levelsAt } from './monitor/position-levels';
import { assertIdle, loadOwnedOrderGroup, loadOwnedPosition, orderManagerChanged } from './owned-order-manager';
import { actionRefusal, editRefusal } from './position-rules';
import { rolloverRefusal, rolloverSettingsAfterEdit } from './rollover/rollover-rules';

/** The order rules its entry order will have to pass (lot multiple, tick, product on exchange), checked when it is saved. */
function assertEntryOrderValid(fields: PositionFields, instrument: Instrument): void {
  const ticket = normalisedTicket(ticketFromFields(instrument, fields));
  const problems = ticketProblems(ticket);
  if (problems.length > 0) throw new OrderRulesError(problems);
}

/** Stored fields: the script as the instrument, prices the order type does not use cleared. */
function storedFieldsOf(fields: PositionFields, instrument: Instrument): Omit<NewPosition, 'op_id' | 'og_id'> {
  const { script_id: _scriptId, ...rest } = fields;
  const ticket = normalisedTicket(ticketFromFields(instrument, rest));
  return { ...rest, instrument, price: ticket.price, trigger_price: ticket.triggerPrice };
}

function assertRolloverAllowed(problem: string | null): void {
  if (problem !== null) throw new BusinessRuleError(problem);
}

export async function addPosition(owner: OrderManagerOwner, request: AddPositionRequest): Promise<PositionItem> {
  const { og_id: ogId, ...fields } = request;
  await loadOwnedOrderGroup(owner, ogId);
  await loadLiveAccount(owner, fields.broker_id);
  const instrument = await findScript(fields.script_id);
  assertEntryOrderValid(fields, instrument);
  assertRolloverAllowed(rolloverRefusal(instrument, fields));
  const stored = storedFieldsOf(fields, instrument);
  const added = await writePosition(
    owner,
    { ...stored, og_id: ogId, op_id: ulid() },
    { action: 'add', note: `Added: ${fields.transaction_type} ${fields.quantity} ${instrument.trading_symbol}, entry ${fields.entry_type}` },
    MAX_POSITIONS_PER_ORDER_GROUP,
  );
  if (added.kind === 'added') return added.position;
  // Refused: the group was deleted meanwhile (404 on a fresh read) or is full.
  await loadOwnedOrderGroup(owner, ogId);
  throw new BusinessRuleError(ORDER_GROUP_FULL_MESSAGE);
}

/** The position's fields as the request names them (the instrument back as its script id). */
function requestFieldsOf(position: PositionItem): PositionFields {
  const { instrument, broker_id, transaction_type, product, quantity, order_type, price, trigger_price, entry_type, entry_direction, entry_price, candle_timeframe } = position;
  const { is_tgt, tgt_type, tgt_value, is_sl, sl_type, sl_value, is_trail_set, trail_type, trail_trigger, trail_gap, trail_point } = position;
  return {
    broker_id, script_id: instrument.script_id, transaction_type, product, quantity, order_type, price, trigger_price, entry_type, entry_direction, entry_price, candle_timeframe,
    is_tgt, tgt_type, tgt_value, is_sl, sl_type, sl_value, is_trail_set, trail_type, trail_trigger, trail_gap, trail_point,
  };
}

/** Merges the named changes and checks the whole position again by the add rules. */
export async function editPosition(owner: OrderManagerOwner, request: EditPositionRequest): Promise<PositionItem> {
  const { og_id: ogId, op_id: opId, ...changes } = request;
  const position = await loadOwnedPosition(owner, ogId, opId);
  assertIdle(position);
  const refusal = editRefusal(position.op_status, Object.keys(changes));
  if (refusal !== null) throw new BusinessRuleError(refusal);
  const merged = positionFieldsSchema.safeParse({ ...requestFieldsOf(position), ...changes });
  if (!merged.success) throw new ValidationError(toValidationIssues(merged.error), merged.error.issues[0]?.message);
  if (changes.broker_id !== undefined) await loadLiveAccount(owner, changes.broker_id);
  const instrument = changes.script_id === undefined ? position.instrument : await findScript(changes.script_id);
  assertEntryOrderValid(merged.data, instrument);
  const rollover = rolloverSettingsAfterEdit(position, changes);
  assertRolloverAllowed(rollover.problem ?? rolloverRefusal(instrument, rollover.settings));
  const stored = storedFieldsOf(merged.data, instrument);
  // An OPEN position's watched levels follow its new settings at once (trailing re-applied to the best price seen).
  const levels = position.entry_avg_price === null ? {} : levelsAt({ ...stored, instrument }, position.entry_avg_price, position.best_price);
  const edited = await editPositionFields(owner, position, { ...stored, ...levels, ...rollover.settings }, `Edited: ${Object.keys(changes).join(', ')}`);
  if (!edited) throw orderManagerChanged();
  return edited;
}

export async function removePosition(owner: OrderManagerOwner, ogId: string, opId: string): Promise<void> {
  const position = await loadOwnedPosition(owner, ogId, opId);
  assertIdle(position);
  const refusal = actionRefusal('delete', position.op_status);
  if (refusal !== null) throw new BusinessRuleError(refusal);
  if (!(await deletePosition(owner, position))) throw orderManagerChanged();
}
