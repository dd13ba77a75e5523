import type { AccountHolding, AccountHoldings } from '../../../shared/contracts/broker-trading';
import type { EXCHANGES } from '../../../shared/domain/ranges';
import type { BrokerHolding } from '../../broker-adapters/broker-adapter';
import { roundMoney } from '../../broker-adapters/paper/price-math';

/**
 * Holdings as `/demat/{broker_id}` shows them: one row per script, valued at its last price, with the
 * P&L since it was bought and the change since the previous close, and the totals. Rupees, to paise;
 * percents to two decimals.
 */
export interface PricedHolding {
  readonly scriptId: string | null;
  /** The platform's symbol when the master knows the row, else the broker's. */
  readonly tradingSymbol: string;
  readonly exchange: (typeof EXCHANGES)[number] | null;
  readonly isin: string | null;
  readonly quantity: number;
  readonly averagePrice: number;
  readonly lastPrice: number | null;
  readonly previousClose: number | null;
}

/**
 * Brokers may list one script on several rows (Fyers: settled and T1 apart): one row per exchange and
 * symbol, quantities added, at their quantity-weighted average price.
 */
export function mergedHoldings(rows: readonly BrokerHolding[]): BrokerHolding[] {
  const merged = new Map<string, BrokerHolding>();
  for (const row of rows) {
    const key = `${row.exchange}|${row.tradingSymbol}`;
    const known = merged.get(key);
    if (!known) {
      merged.set(key, row);
      continue;
    }
    const quantity = known.quantity + row.quantity;
    const averagePrice = quantity === 0 ? known.averagePrice : (known.quantity * known.averagePrice + row.quantity * row.averagePrice) / quantity;
    merged.set(key, {
      ...known,
      quantity,
      averagePrice,
      isin: known.isin ?? row.isin,
      token: known.token ?? row.token,
      lastPrice: known.lastPrice ?? row.lastPrice,
      closePrice: known.closePrice ?? row.closePrice,
    });
  }
  return [...merged.values()];
}

const percentOf = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 100);

export function toAccountHolding(holding: PricedHolding): AccountHolding {
  const { quantity, averagePrice, lastPrice, previousClose } = holding;
  const invested = roundMoney(quantity * averagePrice);
  const currentValue = lastPrice === null ? null : roundMoney(quantity * lastPrice);
  const pnl = currentValue === null ? null : roundMoney(currentValue - invested);
  const dayMove = lastPrice === null || previousClose === null ? null : lastPrice - previousClose;
  return {
    script_id: holding.scriptId,
    trading_symbol: holding.tradingSymbol,
    exchange: holding.exchange,
    isin: holding.isin,
    quantity,
    average_price: roundMoney(averagePrice),
    last_price: lastPrice,
    previous_close: previousClose,
    invested,
    current_value: currentValue,
    pnl,
    pnl_percent: pnl === null ? null : percentOf(pnl, invested),
    day_change: dayMove === null ? null : roundMoney(dayMove * quantity),
    day_change_percent: dayMove === null || previousClose === null ? null : percentOf(dayMove, previousClose),
  };
}

/** Rows by symbol, and totals where a holding without a price counts at its cost (no P&L, no day change). */
export function accountHoldingsOf(holdings: readonly PricedHolding[], readAt: Date): AccountHoldings {
  const rows = holdings.map(toAccountHolding).sort((a, b) => a.trading_symbol.localeCompare(b.trading_symbol));
  const invested = roundMoney(rows.reduce((sum, row) => sum + row.invested, 0));
  const currentValue = roundMoney(rows.reduce((sum, row) => sum + (row.current_value ?? row.invested), 0));
  const pnl = roundMoney(currentValue - invested);
  return {
    holdings: rows,
    totals: {
      invested,
      current_value: currentValue,
      pnl,
      pnl_percent: percentOf(pnl, invested),
      day_change: roundMoney(rows.reduce((sum, row) => sum + (row.day_change ?? 0), 0)),
    },
    read_at: readAt.toISOString(),
  };
}
