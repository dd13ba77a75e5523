import { WALLET_REASON_LABELS } from '../../shared/contracts/wallet';
import { parseDay, startOfMarketDay } from '../../shared/domain/market-clock';
import type { TimeRange } from '../data/activities-repository';
import { listFranchiseBankTransfersBetween } from '../data/bank-transfers/franchise-transfers-reader';
import { listFranchiseOrdersOfDay } from '../data/file-exports/franchise-orders-reader';
import { listFranchisePaymentsBetween } from '../data/payments/franchise-payments-reader';
import { listFranchiseLedgerBetween } from '../data/wallet/franchise-ledger-reader';
import { userNamer } from '../franchise-money/money-users';
import { bankRow, phonePeRow } from '../franchise-money/payment-rows';
import { rupeesText, toCsv } from './csv';

/** One file of a day's export. */
export interface ExportFile {
  readonly name: string;
  readonly rows: number;
  readonly content: string;
}

/** The instants of one Asia/Kolkata day. */
function dayRange(day: string): TimeRange {
  const number = parseDay(day);
  if (number === null) throw new Error(`not a day: ${day}`);
  return { fromIso: startOfMarketDay(number).toISOString(), toIso: new Date(startOfMarketDay(number + 1).getTime() - 1).toISOString() };
}

const byTime = <T>(time: (item: T) => string) => (a: T, b: T) => time(a).localeCompare(time(b));

/**
 * The three CSV files of one franchise's Asia/Kolkata day, oldest row first: `<frch>-<day>-orders.csv`
 * (every order its users placed that trading day, from each user's day listing), `-ledger.csv` (every
 * wallet movement, from the franchise ledger listing) and `-payments.csv` (PhonePe payments and bank
 * transfer claims created that day, in the Transaction page's words). Times are ISO 8601 UTC as stored;
 * amounts are rupees with two decimals and integer paise.
 */
export async function buildExportFiles(frchId: number, day: string): Promise<ExportFile[]> {
  const range = dayRange(day);
  const [orders, ledger, payments, transfers] = await Promise.all([
    listFranchiseOrdersOfDay(frchId, day),
    listFranchiseLedgerBetween(frchId, range),
    listFranchisePaymentsBetween(frchId, range),
    listFranchiseBankTransfersBetween(frchId, range),
  ]);
  const nameOf = await userNamer(frchId, [...orders.map((o) => o.userId), ...ledger.map((e) => e.userId), ...payments.map((p) => p.user_id), ...transfers.map((t) => t.user_id)]);
  const who = (userId: number) => {
    const user = nameOf(userId);
    return [user.user_id, user.name, user.email];
  };
  const orderRows = orders.map((order) => [
    order.order_id,
    order.createdAt,
    ...who(order.userId),
    order.broker,
    order.broker_id,
    order.instrument.exchange,
    order.instrument.trading_symbol,
    order.transaction_type,
    order.order_type,
    order.product,
    order.quantity,
    order.price,
    order.trigger_price,
    order.status,
    order.filled_quantity,
    order.average_price,
    order.broker_order_id,
    order.origin,
    order.reason,
  ]);
  const ledgerRows = [...ledger].sort(byTime((entry) => entry.create_time)).map((entry) => [
    entry.id,
    entry.create_time,
    ...who(entry.userId),
    entry.type,
    rupeesText(entry.amount_paise),
    entry.amount_paise,
    rupeesText(entry.balance_after_paise),
    entry.balance_after_paise,
    entry.reason,
    WALLET_REASON_LABELS[entry.reason],
    Object.entries(entry.reference)
      .map(([key, value]) => `${key}=${value}`)
      .join('; '),
    entry.description,
  ]);
  const unnamed = (id: number) => ({ user_id: id, name: '', email: '' });
  const paymentRows = [...payments.map((payment) => phonePeRow(payment, unnamed(payment.user_id))), ...transfers.map((transfer) => bankRow(transfer, unnamed(transfer.user_id)))]
    .sort(byTime((row) => row.created_at))
    .map((row) => [row.id, row.created_at, ...who(row.user.user_id), row.method, rupeesText(row.amount_paise), row.amount_paise, row.status, row.status_text, row.reference, row.reason, row.settled_at, row.refunded_paise]);
  const file = (kind: string, header: string[], rows: (string | number | boolean | null)[][]): ExportFile => ({ name: `${frchId}-${day}-${kind}.csv`, rows: rows.length, content: toCsv(header, rows) });
  return [
    file(
      'orders',
      ['order_id', 'created_at', 'user_id', 'user_name', 'user_email', 'broker', 'broker_account', 'exchange', 'trading_symbol', 'side', 'order_type', 'product', 'quantity', 'price', 'trigger_price', 'status', 'filled_quantity', 'average_price', 'broker_order_id', 'origin', 'reason'],
      orderRows,
    ),
    file('ledger', ['entry_id', 'created_at', 'user_id', 'user_name', 'user_email', 'type', 'amount', 'amount_paise', 'balance_after', 'balance_after_paise', 'reason', 'reason_text', 'reference', 'description'], ledgerRows),
    file('payments', ['payment_id', 'created_at', 'user_id', 'user_name', 'user_email', 'method', 'amount', 'amount_paise', 'status', 'status_text', 'reference', 'reason', 'settled_at', 'refunded_paise'], paymentRows),
  ];
}
