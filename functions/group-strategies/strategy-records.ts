import { ulid } from 'ulid';
import {
  DEFAULT_RECORD_RANGE_DAYS,
  FUTURE_RECORD_DATE_MESSAGE,
  MAX_RECORD_RANGE_DAYS,
  RECORD_RANGE_MESSAGE,
  STRATEGY_RECORD_CHANGED_MESSAGE,
  STRATEGY_RECORD_NOT_FOUND_MESSAGE,
  STRATEGY_RECORDS_NOTICE,
  type AddStrategyRecordRequest,
  type StrategyRecord,
  type StrategyRecordsAnswer,
  type UpdateStrategyRecordRequest,
} from '../../shared/contracts/strategy-records';
import { formatDay, marketDayOf, parseDay } from '../../shared/domain/market-clock';
import type { GroupItem } from '../data/groups/group';
import type { GroupOwner } from '../data/groups/group-keys';
import type { StoredOrder } from '../data/orders/order';
import { listOrders } from '../data/orders/order-listing';
import {
  createStrategyRecord,
  deleteStrategyRecordItem,
  listStrategyRecords,
  updateStrategyRecordAt,
  type StrategyRecordFields,
  type StrategyRecordItem,
} from '../data/strategies/strategy-records-repository';
import { now as clockNow } from '../platform/clock';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import { computeStrategyDays, type MasterFill } from './computed-strategy-records';
import { isPermitted, ownedStrategy, viewableStrategy } from './strategy-access';

/** Why a PUBLIC strategy's browsing user gets no records (a 404: nothing of them exists for it). */
export const RECORDS_NOT_SHOWN_MESSAGE = "This strategy's records are shown only to its owner, its subscribers and the users it permits.";

/**
 * Strategy records (issue 21): the owner writes entries; the owner and the users it permitted (subscribers
 * too, with the subscriptions slice) read them beside the record computed from the master's stored fills.
 * A PUBLIC strategy's other viewers see its plans, not its records: SEBI bars advertising an algo's past
 * returns, so a record is never shown to someone merely browsing the franchise's strategies. Access is
 * decided only by strategy-access.ts. The computed record reads orders as stored (a paper or settled
 * order carries its fill); it never calls a broker on a viewer's behalf.
 */

const toAnswer = (record: StrategyRecordItem): StrategyRecord => ({
  record_id: record.record_id,
  group_id: record.grp_id,
  date: record.date,
  title: record.title,
  notes: record.notes,
  pnl: record.pnl,
  version: record.version,
  created_at: record.created_at,
  updated_at: record.updated_at,
});

/** A record may not describe a day after today (India trading day by the injected clock). */
function refuseFutureDate(date: string, now: Date): void {
  if (date > formatDay(marketDayOf(now))) throw new ValidationError([{ path: 'date', message: FUTURE_RECORD_DATE_MESSAGE }], FUTURE_RECORD_DATE_MESSAGE);
}

function fieldsOf(request: AddStrategyRecordRequest | UpdateStrategyRecordRequest): StrategyRecordFields {
  return { date: request.date, title: request.title, notes: request.notes, pnl: Math.round(request.pnl * 100) / 100 };
}

/** The requested range, inclusive: default the last 30 days up to today, at most 93 days. */
export function resolveRecordRange(request: { from_date?: string | undefined; to_date?: string | undefined }, now: Date): { from: string; to: string } {
  const today = marketDayOf(now);
  const toDay = request.to_date === undefined ? today : parseDay(request.to_date);
  const fromDay = request.from_date === undefined ? (toDay ?? today) - (DEFAULT_RECORD_RANGE_DAYS - 1) : parseDay(request.from_date);
  if (toDay === null) throw new ValidationError([{ path: 'to_date', message: 'Enter a real date.' }]);
  if (fromDay === null) throw new ValidationError([{ path: 'from_date', message: 'Enter a real date.' }]);
  if (fromDay > toDay || toDay - fromDay + 1 > MAX_RECORD_RANGE_DAYS) throw new ValidationError([{ path: 'from_date', message: RECORD_RANGE_MESSAGE }], RECORD_RANGE_MESSAGE);
  return { from: formatDay(fromDay), to: formatDay(toDay) };
}

const LISTING_PAGE = 200;

/** Every order of the master account in the range, as fills (orders without a fill are left out). */
async function masterFills(owner: GroupOwner, masterId: string, range: { from: string; to: string }): Promise<MasterFill[]> {
  const orders: StoredOrder[] = [];
  let cursor: string | undefined;
  do {
    const page = await listOrders(owner, { fromDay: range.from, toDay: range.to, accountId: masterId, limit: LISTING_PAGE, cursor });
    orders.push(...page.orders);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return orders
    .filter((order) => order.filled_quantity > 0 && order.average_price !== null)
    .map((order) => ({
      orderId: order.order_id,
      day: formatDay(marketDayOf(new Date(order.createdAt))),
      instrument: `${order.instrument.exchange}:${order.instrument.trading_symbol}`,
      side: order.transaction_type,
      quantity: order.filled_quantity,
      price: order.average_price ?? 0,
    }));
}

async function answerRecords(owner: GroupOwner, group: GroupItem, range: { from: string; to: string }): Promise<StrategyRecordsAnswer> {
  const records = (await listStrategyRecords(owner, group.grp_id))
    .filter((record) => record.date >= range.from && record.date <= range.to)
    .sort((a, b) => b.date.localeCompare(a.date) || b.record_id.localeCompare(a.record_id));
  const master = group.master_broker_id;
  const days = master === null ? [] : computeStrategyDays(await masterFills(owner, master, range));
  return {
    group_id: group.grp_id,
    from_date: range.from,
    to_date: range.to,
    notice: STRATEGY_RECORDS_NOTICE,
    records: records.map(toAnswer),
    computed: { label: 'computed', master_broker_id: master, days },
  };
}

export async function readStrategyRecords(principal: Principal, grpId: string, request: { from_date?: string | undefined; to_date?: string | undefined }): Promise<StrategyRecordsAnswer> {
  const access = await viewableStrategy(principal, grpId);
  if (access.viewer === 'franchise' && !(await isPermitted(access.owner, grpId, principal))) throw new NotFoundError(RECORDS_NOT_SHOWN_MESSAGE);
  return answerRecords(access.owner, access.group, resolveRecordRange(request, clockNow()));
}

export async function addStrategyRecord(principal: Principal, request: AddStrategyRecordRequest): Promise<StrategyRecord> {
  const group = await ownedStrategy(principal, request.group_id);
  const now = clockNow();
  refuseFutureDate(request.date, now);
  return toAnswer(await createStrategyRecord(principal, group.grp_id, ulid(now.getTime()), fieldsOf(request), now));
}

export async function changeStrategyRecord(principal: Principal, request: UpdateStrategyRecordRequest): Promise<StrategyRecord> {
  const group = await ownedStrategy(principal, request.group_id);
  const now = clockNow();
  refuseFutureDate(request.date, now);
  const outcome = await updateStrategyRecordAt(principal, group.grp_id, request.record_id, request.version, fieldsOf(request), now);
  if (outcome.kind === 'missing') throw new NotFoundError(STRATEGY_RECORD_NOT_FOUND_MESSAGE);
  if (outcome.kind === 'stale') throw new ConflictError(STRATEGY_RECORD_CHANGED_MESSAGE);
  return toAnswer(outcome.record);
}

export async function removeStrategyRecord(principal: Principal, grpId: string, recordId: string): Promise<{ record_id: string }> {
  const group = await ownedStrategy(principal, grpId);
  if (!(await deleteStrategyRecordItem(principal, group.grp_id, recordId))) throw new NotFoundError(STRATEGY_RECORD_NOT_FOUND_MESSAGE);
  return { record_id: recordId };
}
