import { scriptsContracts } from '../../shared/contracts/scripts';
import { searchOptionUnderlyings } from '../market/option-underlyings';
import { defineRoute } from '../platform/http/route';
import { now as clockNow } from '../platform/clock';

/** Underlyings with options matching the search, so the search box can offer their chain first. */
export const searchOptionChainsRoute = defineRoute(scriptsContracts.searchOptionChains, async ({ body }) => {
  const offered = await searchOptionUnderlyings(body.symbol, clockNow());
  return { data: offered, message: offered.length === 0 ? 'No option chains found' : `${offered.length} option chain${offered.length === 1 ? '' : 's'} found` };
});
