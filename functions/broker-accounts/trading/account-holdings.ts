import type { AccountHoldings } from '../../../shared/contracts/broker-trading';
import type { Instrument } from '../../../shared/domain/instruments';
import type { BrokerAdapter, BrokerHolding } from '../../broker-adapters/broker-adapter';
import { scriptResolverOf, type ScriptResolver } from '../../broker-adapters/mapping/script-resolver';
import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import { instrumentMaster } from '../../market/instrument-master';
import { changeSincePreviousClose } from '../../market/ltp';
import { withBroker } from '../../orders/account-adapter';
import { now as clockNow } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { loadConnectedAccount } from './connected-account';
import { accountHoldingsOf, mergedHoldings, type PricedHolding } from './holding-view';

/**
 * The account's delivery holdings as its broker reports them now, valued server-side. The last price is
 * the broker's holding row's; a row without one (Dhan's) is quoted through the broker's LTP, and a failed
 * quote leaves it unpriced rather than failing the read. The previous close is the row's; the paper
 * exchange's comes from its own feed (market/ltp.ts), as its quotes do. Broker failures are thrown as the
 * order path throws them (an expired session is the broker's "log in again" message).
 */
type PreviousClose = (instrument: Instrument | null, lastPrice: number | null) => number | null;

interface ResolvedRow {
  readonly row: BrokerHolding;
  readonly instrument: Instrument | null;
  readonly exchange: PricedHolding['exchange'];
}

function previousCloseFor(account: BrokerAccountItem, at: Date): PreviousClose {
  if (account.broker !== 'paper') return () => null;
  return (instrument, lastPrice) => (instrument && lastPrice !== null ? changeSincePreviousClose(instrument, lastPrice, at).previous_close : null);
}

/** Quotes for the resolved rows the broker gave no price for; none when the quote fails (logged). */
async function missingPrices(adapter: BrokerAdapter, rows: readonly ResolvedRow[], log: Logger): Promise<ReadonlyMap<string, number>> {
  const unpriced = rows.flatMap(({ row, instrument }) => (row.lastPrice === null && instrument ? [instrument] : []));
  if (unpriced.length === 0) return new Map();
  try {
    return await adapter.ltp(unpriced);
  } catch (error) {
    log.warn('holdings left unpriced: the broker did not quote them', { scripts: unpriced.map((instrument) => instrument.script_id), error });
    return new Map();
  }
}

export async function pricedHoldings(adapter: BrokerAdapter, resolve: ScriptResolver, previousClose: PreviousClose, log: Logger): Promise<PricedHolding[]> {
  const rows: ResolvedRow[] = mergedHoldings(await adapter.holdings()).map((row) => ({
    row,
    ...resolve({ exchange: row.exchange, tradingSymbol: row.tradingSymbol, token: row.token }),
  }));
  const quotes = await missingPrices(adapter, rows, log);
  return rows.map(({ row, instrument, exchange }) => {
    const lastPrice = row.lastPrice ?? (instrument ? (quotes.get(instrument.script_id) ?? null) : null);
    return {
      scriptId: instrument?.script_id ?? null,
      tradingSymbol: instrument?.trading_symbol ?? row.tradingSymbol,
      exchange,
      isin: row.isin,
      quantity: row.quantity,
      averagePrice: row.averagePrice,
      lastPrice,
      previousClose: row.closePrice ?? previousClose(instrument, lastPrice),
    };
  });
}

export async function readAccountHoldings(owner: AccountOwner, accountId: string, log: Logger): Promise<AccountHoldings> {
  const account = await loadConnectedAccount(owner, accountId);
  const resolve = scriptResolverOf(account.broker, await instrumentMaster());
  const readAt = clockNow();
  const holdings = await withBroker(owner, account, log, (adapter) => pricedHoldings(adapter, resolve, previousCloseFor(account, readAt), log));
  return accountHoldingsOf(holdings, readAt);
}
