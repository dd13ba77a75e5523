import { scriptsContracts } from '../../shared/contracts/scripts';
import { scriptCandles } from '../market/script-candles';
import { orderPathSettings } from '../orders/order-path-settings';
import { defineRoute } from '../platform/http/route';
import { now as clockNow } from '../platform/clock';

/** A day of a script's candles; the paper market's hours decide the day's window (around the clock in local demos). */
export const getCandlesRoute = defineRoute(scriptsContracts.getCandles, async ({ body }) => {
  const candles = await scriptCandles({ scriptId: body.script_id, timeframe: body.timeframe, date: body.date }, clockNow(), { alwaysOpen: orderPathSettings().paperAlwaysOpen });
  return { data: candles, message: candles.candles.length === 0 ? 'No candles for that day' : 'Candles fetched' };
});
