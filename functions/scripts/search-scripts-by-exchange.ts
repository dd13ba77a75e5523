import { scriptsContracts } from '../../shared/contracts/scripts';
import { defineRoute } from '../platform/http/route';
import { foundMessage, searchScripts } from './script-search';

export const searchScriptsByExchangeRoute = defineRoute(scriptsContracts.searchScriptsByExchange, async ({ body }) => {
  const scripts = await searchScripts({ text: body.base_name, exchange: body.exchange, match: 'base-name' });
  return { data: scripts, message: foundMessage(scripts.length) };
});
