import { scriptsContracts } from '../../shared/contracts/scripts';
import { defineRoute } from '../platform/http/route';
import { foundMessage, searchScripts, toWatchlistScript } from './script-search';

export const searchScriptsForWatchlistRoute = defineRoute(scriptsContracts.searchScriptsForWatchlist, async ({ body }) => {
  const scripts = await searchScripts({ text: body.symbol, types: [body.type] });
  return { data: scripts.map(toWatchlistScript), message: foundMessage(scripts.length) };
});
