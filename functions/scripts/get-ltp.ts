import { scriptsContracts } from '../../shared/contracts/scripts';
import { quoteScript } from '../market/ltp';
import { defineRoute } from '../platform/http/route';

/** A script's last traded price; the paper market's feed for now (see `functions/market/ltp.ts`). */
export const getLtpRoute = defineRoute(scriptsContracts.getLtp, async ({ body }) => {
  const quote = await quoteScript(body.script_id, new Date());
  return { data: quote, message: 'LTP fetched' };
});
