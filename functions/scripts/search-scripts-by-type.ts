import { scriptsContracts } from '../../shared/contracts/scripts';
import { defineRoute } from '../platform/http/route';
import { foundMessage, searchScripts } from './script-search';

export const searchScriptsByTypeRoute = defineRoute(scriptsContracts.searchScriptsByType, async ({ body }) => {
  const scripts = await searchScripts({ text: body.symbol, types: [body.type] });
  return { data: scripts, message: foundMessage(scripts.length) };
});
