import { optionChainSchema, optionUnderlyingSchema, type OptionChain, type OptionChainLeg } from '../../shared/contracts/option-chain';
import { priceCandlesSchema, type PriceCandles } from '../../shared/contracts/price-candles';
import { scriptsContracts } from '../../shared/contracts/scripts';
import type { Order } from '../../shared/contracts/orders';
import { jsonResponse, successBody } from './support/http';
import { orderFixture, serveTradingApi, ORDER_IDS } from './trading-fixtures';
import type { WatchlistEntry } from '../../shared/contracts/watchlist';

/**
 * The option chain and price chart calls for the web tests, over the trading API of trading-fixtures:
 * every answer passes the contract's own schema.
 */
const ok = (data: unknown) => jsonResponse(successBody(data));
const bodyOf = async (request: Request) => (await request.clone().json()) as unknown;

export const EXPIRIES = ['2026-12-01', '2026-12-08'] as const;
const STRIKES = [23_900, 23_950, 24_000, 24_050, 24_100] as const;

function leg(type: 'CE' | 'PE', strike: number, expiry: string, ltp: number): OptionChainLeg {
  const code = expiry === EXPIRIES[0] ? '01DEC26' : '08DEC26';
  return {
    script_id: `NFO:NIFTY${code}${strike}${type}`,
    trading_symbol: `NIFTY${code}${strike}${type}`,
    display_name: `NIFTY ${code.slice(0, 2)} DEC 26 ${strike} ${type}`,
    exchange: 'NFO',
    lot_size: 65,
    tick_size: 0.05,
    ltp,
    previous_close: ltp - 10,
    change: 10,
    change_percent: Math.round((10 / (ltp - 10)) * 10_000) / 100,
    oi: 65 * (100_000 + strike),
    oi_change: 65 * 1_200,
  };
}

export function chainFixture(expiry: string = EXPIRIES[0]): OptionChain {
  return optionChainSchema.parse({
    underlying: 'NIFTY',
    exchange: 'NFO',
    expiries: [...EXPIRIES],
    expiry,
    lot_size: 65,
    strike_step: 50,
    underlying_price: { ltp: 24_012.35, source: 'synthetic', script_id: null },
    atm_strike: 24_000,
    rows: STRIKES.map((strike) => ({
      strike,
      is_atm: strike === 24_000,
      ce: leg('CE', strike, expiry, Math.max(5, 24_012 - strike + 120)),
      pe: leg('PE', strike, expiry, Math.max(5, strike - 24_012 + 110)),
    })),
    as_of: '2026-11-26T05:30:15.000Z',
  });
}

/** The ATM call of the nearest expiry: what the tests buy. */
export const ATM_CALL = chainFixture().rows[2]?.ce as OptionChainLeg;

export const CANDLE_DAY = { opensAt: Date.parse('2026-11-26T03:45:00.000Z') / 1000 };

export function candlesFixture(scriptId: string, timeframe: number): PriceCandles {
  const span = timeframe * 60;
  return priceCandlesSchema.parse({
    script_id: scriptId,
    timeframe,
    date: '2026-11-26',
    is_trading_day: true,
    opens_at: '2026-11-26T03:45:00.000Z',
    closes_at: '2026-11-26T10:00:00.000Z',
    as_of: new Date((CANDLE_DAY.opensAt + 2 * span + 42) * 1000).toISOString(),
    candles: [0, 1, 2].map((index) => ({ time: CANDLE_DAY.opensAt + index * span, open: 120 + index, high: 125 + index, low: 118 + index, close: 122 + index })),
  });
}

/** The user's orders of the day: a filled buy of the ATM call in its second 5-minute candle, and one of another script. */
export function dayOrders(): Order[] {
  return [
    orderFixture({
      order_id: ORDER_IDS[1],
      script_id: ATM_CALL.script_id,
      trading_symbol: ATM_CALL.trading_symbol,
      lot_size: 65,
      quantity: 130,
      status: 'completed',
      filled_quantity: 130,
      average_price: 121.5,
      create_time: new Date((CANDLE_DAY.opensAt + 6 * 60 + 10) * 1000).toISOString(),
    }),
    orderFixture({ order_id: ORDER_IDS[2], create_time: new Date((CANDLE_DAY.opensAt + 60) * 1000).toISOString() }),
  ];
}

/** The trading API plus the chain, offers, candles and the user's orders. */
export function serveTraderViews(watchlist: readonly WatchlistEntry[] = []) {
  return serveTradingApi(
    { watchlist },
    {
      'POST /api/v4/scripts/searchoptionchains': async (request) => {
        const { symbol } = scriptsContracts.searchOptionChains.request.parse(await bodyOf(request));
        const offers = 'NIFTY'.startsWith(symbol.toUpperCase()) || symbol.toUpperCase().startsWith('NIFTY') ? [{ underlying: 'NIFTY', exchange: 'NFO', lot_size: 65, nearest_expiry: EXPIRIES[0], expiry_count: 2 }] : [];
        return ok(offers.map((offer) => optionUnderlyingSchema.parse(offer)));
      },
      'POST /api/v4/scripts/getoptionchain': async (request) => {
        const { expiry } = scriptsContracts.getOptionChain.request.parse(await bodyOf(request));
        return ok(chainFixture(expiry ?? EXPIRIES[0]));
      },
      'POST /api/v4/scripts/getcandles': async (request) => {
        const { script_id, timeframe } = scriptsContracts.getCandles.request.parse(await bodyOf(request));
        return ok(candlesFixture(script_id, timeframe));
      },
      'POST /api/v4/users/getuserorders': () => ok({ items: dayOrders(), next_cursor: null }),
    },
  );
}
