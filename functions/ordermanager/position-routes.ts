import { ordermanagerContracts, type PositionOutcome } from '../../shared/contracts/ordermanager';
import { defineRoute, type RouteDefinition } from '../platform/http/route';
import { loadOwnedOrderGroup, loadOwnedPosition } from './owned-order-manager';
import { movePositionWithoutOrder, placePositionOrder, type PositionActionName } from './position-actions';

/** The human message of one position's outcome. */
export function outcomeMessage(done: string, outcome: PositionOutcome): string {
  if (outcome.outcome === 'done') return done;
  return `${done.replace(/^Position /, 'Position not ')}: ${outcome.reason ?? 'no reason given'}`;
}

type PositionContract =
  | typeof ordermanagerContracts.enterPosition
  | typeof ordermanagerContracts.exitPosition
  | typeof ordermanagerContracts.cancelPosition
  | typeof ordermanagerContracts.markAsExitedPosition;

/** The four single-position actions share one shape: load the caller's group and position, act, answer the outcome. */
function positionActionRoute(contract: PositionContract, action: PositionActionName, done: string): RouteDefinition {
  return defineRoute(contract, async ({ body, principal, scope }) => {
    const group = await loadOwnedOrderGroup(principal, body.og_id);
    const position = await loadOwnedPosition(principal, body.og_id, body.op_id);
    const outcome =
      action === 'enter' || action === 'exit'
        ? await placePositionOrder(principal, group, position, action, scope.log)
        : await movePositionWithoutOrder(principal, group, position, action);
    return { data: outcome, message: outcomeMessage(done, outcome) };
  });
}

export const enterPositionRoute = positionActionRoute(ordermanagerContracts.enterPosition, 'enter', 'Position entered');
export const exitPositionRoute = positionActionRoute(ordermanagerContracts.exitPosition, 'exit', 'Position exited');
export const cancelPositionRoute = positionActionRoute(ordermanagerContracts.cancelPosition, 'cancel', 'Position cancelled');
export const markAsExitedPositionRoute = positionActionRoute(ordermanagerContracts.markAsExitedPosition, 'markasexited', 'Position marked as exited');
