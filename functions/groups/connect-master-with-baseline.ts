import { groupsContracts } from '../../shared/contracts/groups';
import { defineRoute } from '../platform/http/route';
import { connectMasterRoute } from './connect-master';
import { takeMirrorBaseline } from './mirroring/mirror-baseline';

/**
 * `connectmaster`, then the mirror baseline: the orders already on the new master's book are recorded
 * as never to be copied, before any poll can see them. The baseline never fails the call (the master
 * is connected by then); a master whose book cannot be read gets it from its first poll.
 */
export const connectMasterWithBaselineRoute = defineRoute(groupsContracts.connectMaster, async (input) => {
  const outcome = await connectMasterRoute.handle(input);
  await takeMirrorBaseline(input.principal, input.body.group_id, input.scope.log);
  return outcome;
});
