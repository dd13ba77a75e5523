import { describe, expect, it } from 'vitest';
import { chartCandlesOf, IST_OFFSET_SECONDS, lastCandleSummary, markerTextOf, orderMarkersOf } from '../../web/src/entities/price-chart/chart-data';
import { candlesFixture, CANDLE_DAY, ATM_CALL } from './trader-views-fixtures';
import { orderFixture } from './trading-fixtures';

const at = (secondsAfterOpen: number) => new Date((CANDLE_DAY.opensAt + secondsAfterOpen) * 1000).toISOString();
const ofAtmCall = { script_id: ATM_CALL.script_id, trading_symbol: ATM_CALL.trading_symbol, lot_size: 65, exchange: 'NFO' as const };

describe('price chart data', () => {
  const day = candlesFixture(ATM_CALL.script_id, 5);

  it('shifts candle times to read as Asia/Kolkata wall-clock time', () => {
    expect(chartCandlesOf(day.candles)[0]).toEqual({ ...day.candles[0], time: CANDLE_DAY.opensAt + IST_OFFSET_SECONDS });
    expect(lastCandleSummary([])).toBeNull();
  });

  it("marks the script's orders within the candles at their candle's start, oldest first, failed ones grey", () => {
    const orders = [
      orderFixture({ ...ofAtmCall, order_id: 'late', transaction_type: 'SELL', quantity: 65, status: 'pending', price: 130, create_time: at(14 * 60 + 59) }),
      orderFixture({ ...ofAtmCall, order_id: 'first', quantity: 130, status: 'rejected', create_time: at(59) }),
      orderFixture({ ...ofAtmCall, order_id: 'after', create_time: at(15 * 60) }),
      orderFixture({ ...ofAtmCall, order_id: 'before', create_time: at(-1) }),
      orderFixture({ order_id: 'other-script', create_time: at(60) }),
    ];
    const markers = orderMarkersOf(orders, ATM_CALL.script_id, day.candles, 5);
    expect(markers.map((marker) => [marker.orderId, marker.time - IST_OFFSET_SECONDS - CANDLE_DAY.opensAt, marker.shape, marker.tone, marker.text])).toEqual([
      ['first', 0, 'circle', 'inactive', 'Buy 2 lots rejected'],
      ['late', 600, 'arrowDown', 'sell', 'Sell 1 lot @ 130.00'],
    ]);
    expect(orderMarkersOf(orders, ATM_CALL.script_id, [], 5)).toEqual([]);
  });

  it('counts cash equities in shares', () => {
    expect(markerTextOf({ transaction_type: 'BUY', quantity: 7, lot_size: 1, exchange: 'NSE', status: 'completed', average_price: 801.25, price: null })).toBe('Buy 7 @ 801.25');
  });
});
