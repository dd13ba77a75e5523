import { OPTION_CHAIN_DEFAULT_STRIKES } from '../../shared/contracts/option-chain';
import { scriptsContracts } from '../../shared/contracts/scripts';
import { buildOptionChain } from '../market/option-chain';
import { defineRoute } from '../platform/http/route';
import { now as clockNow } from '../platform/clock';

/** One expiry of an underlying's option chain around the money (an instrument master read: no ownership). */
export const getOptionChainRoute = defineRoute(scriptsContracts.getOptionChain, async ({ body }) => {
  const chain = await buildOptionChain({ ...body, strikes: body.strikes ?? OPTION_CHAIN_DEFAULT_STRIKES }, clockNow());
  return { data: chain, message: 'Option chain fetched' };
});
