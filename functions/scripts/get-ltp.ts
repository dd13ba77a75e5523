import { scriptsContracts } from '../../shared/contracts/scripts';
import { quoteScript } from '../market/ltp';
import { defineRoute } from '../platform/http/route';
import { now as clockNow } from '../platform/clock';

/** A script's last traded price; the paper market's feed for now (see `functions/market/ltp.ts`). */
export const getLtpRoute = defineRoute(scriptsContracts.getLtp, async ({ body }) => {
  const quote = await quoteScript(body.script_id, clockNow());
  return { data: quote, message: 'LTP fetched' };
});
