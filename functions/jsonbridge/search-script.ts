import { BRIDGE_SCRIPT_INSTRUMENT_TYPES, jsonbridgeContracts } from '../../shared/contracts/jsonbridge';
import { defineRoute } from '../platform/http/route';
import { foundMessage, searchScripts } from '../scripts/script-search';

/** The syntax generator's script picker: the scripts group's search, by the bridge's script types. */
export const searchScriptRoute = defineRoute(jsonbridgeContracts.searchScript, async ({ body }) => {
  const scripts = await searchScripts({ text: body.symbol, types: BRIDGE_SCRIPT_INSTRUMENT_TYPES[body.script_type] });
  return { data: scripts, message: foundMessage(scripts.length) };
});
