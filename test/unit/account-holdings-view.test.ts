import { describe, expect, it } from 'vitest';
import { pricedHoldings } from '../../functions/broker-accounts/trading/account-holdings';
import { accountHoldingsOf, mergedHoldings } from '../../functions/broker-accounts/trading/holding-view';
import { orderMarginOf } from '../../functions/broker-accounts/trading/account-order-margin';
import type { BrokerAdapter, BrokerHolding } from '../../functions/broker-adapters/broker-adapter';
import { scriptResolverOf, type MasterView } from '../../functions/broker-adapters/mapping/script-resolver';
import type { Logger } from '../../functions/platform/logger';
import type { Instrument } from '../../shared/domain/instruments';

const tcs: Instrument = {
  script_id: 'NSE:TCS', exchange: 'NSE', trading_symbol: 'TCS', name: 'TCS', instrument_type: 'EQ', expiry: null, strike: null, lot_size: 1, tick_size: 0.05, broker_tokens: { dhan: '11536' },
};
const master: MasterView = { instruments: [tcs], byScriptId: new Map([[tcs.script_id, tcs]]) };
const READ_AT = new Date('2025-11-20T04:30:00.000Z');

const row = (fields: Partial<BrokerHolding> = {}): BrokerHolding => ({
  tradingSymbol: 'TCS',
  exchange: 'NSE_EQ',
  token: '11536',
  isin: 'INE467B01029',
  quantity: 2,
  averagePrice: 4_000,
  lastPrice: null,
  closePrice: null,
  ...fields,
});

function loggerInto(warnings: string[]): Logger {
  const logger: Logger = { debug: () => undefined, info: () => undefined, error: () => undefined, warn: (message) => void warnings.push(message), child: () => logger };
  return logger;
}

/** An adapter that only answers holdings and quotes (the rest is never asked). */
function holdingsAdapter(rows: readonly BrokerHolding[], ltp: BrokerAdapter['ltp']): BrokerAdapter {
  const unused = () => Promise.reject(new Error('not asked'));
  return { holdings: async () => rows, ltp, placeOrder: unused, modifyOrder: unused, cancelOrder: unused, orderBook: unused, positions: unused, funds: unused, orderMargin: unused };
}

describe('holdings as the account page shows them', () => {
  it('merges one script’s rows (settled and T1 apart) at the weighted average price', () => {
    expect(mergedHoldings([row({ quantity: 3, averagePrice: 100, lastPrice: 110 }), row({ quantity: 1, averagePrice: 120, closePrice: 105 })])).toEqual([
      row({ quantity: 4, averagePrice: 105, lastPrice: 110, closePrice: 105 }),
    ]);
  });

  it('values each row and totals them, counting a holding without a price at its cost', () => {
    const answer = accountHoldingsOf(
      [
        { scriptId: 'NSE:TCS', tradingSymbol: 'TCS', exchange: 'NSE', isin: null, quantity: 4, averagePrice: 105, lastPrice: 110, previousClose: 112 },
        { scriptId: null, tradingSymbol: 'OLDCO', exchange: 'NSE', isin: null, quantity: 10, averagePrice: 5, lastPrice: null, previousClose: null },
      ],
      READ_AT,
    );
    expect(answer.holdings.map((holding) => holding.trading_symbol)).toEqual(['OLDCO', 'TCS']);
    expect(answer.holdings[1]).toEqual({
      script_id: 'NSE:TCS',
      trading_symbol: 'TCS',
      exchange: 'NSE',
      isin: null,
      quantity: 4,
      average_price: 105,
      last_price: 110,
      previous_close: 112,
      invested: 420,
      current_value: 440,
      pnl: 20,
      pnl_percent: 4.76,
      day_change: -8,
      day_change_percent: -1.79,
    });
    expect(answer.holdings[0]).toMatchObject({ invested: 50, current_value: null, pnl: null, pnl_percent: null, day_change: null });
    expect(answer.totals).toEqual({ invested: 470, current_value: 490, pnl: 20, pnl_percent: 4.26, day_change: -8 });
    expect(answer.read_at).toBe(READ_AT.toISOString());
  });

  it('quotes the rows the broker gave no price for, and leaves them unpriced when the quote fails', async () => {
    const resolve = scriptResolverOf('dhan', master);
    const noClose = () => null;
    const quoted = await pricedHoldings(holdingsAdapter([row()], async () => new Map([['NSE:TCS', 4_100]])), resolve, noClose, loggerInto([]));
    expect(quoted).toEqual([{ scriptId: 'NSE:TCS', tradingSymbol: 'TCS', exchange: 'NSE', isin: 'INE467B01029', quantity: 2, averagePrice: 4_000, lastPrice: 4_100, previousClose: null }]);

    const warnings: string[] = [];
    const failing = holdingsAdapter([row()], () => Promise.reject(new Error('no data subscription')));
    expect(await pricedHoldings(failing, resolve, noClose, loggerInto(warnings))).toEqual([expect.objectContaining({ lastPrice: null })]);
    expect(warnings).toEqual(['holdings left unpriced: the broker did not quote them']);
  });
});

describe('order margin answer', () => {
  it('says whether the order fits and by how much it falls short, to paise', () => {
    expect(orderMarginOf({ required: 8_000.004, available: 10_000 }, READ_AT)).toEqual({ required: 8_000, available: 10_000, fits: true, shortfall: 0, read_at: READ_AT.toISOString() });
    expect(orderMarginOf({ required: 12_500.5, available: 10_000 }, READ_AT)).toMatchObject({ fits: false, shortfall: 2_500.5 });
  });
});
