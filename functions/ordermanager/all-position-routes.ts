import { ordermanagerContracts } from '../../shared/contracts/ordermanager';
import { defineRoute, type RouteDefinition } from '../platform/http/route';
import { actOnAllPositions, type AllAction } from './all-positions';

type AllContract = typeof ordermanagerContracts.cancelAllPosition | typeof ordermanagerContracts.enterAllPosition | typeof ordermanagerContracts.exitAllPosition;

/** Cancel-all, execute-all and exit-all: every eligible position of the group, each one's outcome in the answer. */
function allPositionsRoute(contract: AllContract, action: AllAction, verb: string): RouteDefinition {
  return defineRoute(contract, async ({ body, principal, scope }) => {
    const positions = await actOnAllPositions(principal, body.og_id, action, scope.log);
    const done = positions.filter((position) => position.outcome === 'done').length;
    return { data: { og_id: body.og_id, positions }, message: `${done} of ${positions.length} positions ${verb}` };
  });
}

export const cancelAllPositionRoute = allPositionsRoute(ordermanagerContracts.cancelAllPosition, 'cancel', 'cancelled');
export const enterAllPositionRoute = allPositionsRoute(ordermanagerContracts.enterAllPosition, 'enter', 'entered');
export const exitAllPositionRoute = allPositionsRoute(ordermanagerContracts.exitAllPosition, 'exit', 'exited');
