import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { RouteGroupName } from '../../shared/contracts/route-groups';
import { MethodNotAllowedError, NotFoundError } from '../platform/errors';
import { authenticate } from './authenticate';
import { errorEnvelope, requestScope, type GroupContext } from '../platform/http/middlewares';
import { assertThroughSite } from '../platform/http/origin-check';
import { parseInput } from '../platform/http/parse-input';
import { readRequest } from '../platform/http/request';
import { successResponse } from '../platform/http/respond';
import type { RouteDefinition } from '../platform/http/route';
import { createRouter } from '../platform/http/router';
import { resolveFranchise } from '../platform/http/tenant';
import { writeActivity } from './write-activity';

export type GroupHandler = (event: APIGatewayProxyEventV2, context: GroupContext) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The Lambda handler of one route group: request scope → came through the site (403) → route match (404/405) → tenant →
 * authentication and role (401/403) → input parsing and validation (400/413/415) → route →
 * response shaped by the contract. Errors from any step become the envelope in one place.
 */
export function createGroupHandler(group: RouteGroupName, routes: readonly RouteDefinition[]) {
  for (const route of routes) {
    if (route.contract.group !== group) throw new Error(`${route.contract.operationId} does not belong to group ${group}`);
  }
  const router = createRouter(routes);

  const dispatch: GroupHandler = async (event, context) => {
    const request = readRequest(event);
    await assertThroughSite(request.headers);
    const match = router.match(request.method, request.path);
    if (match.kind === 'none') throw new NotFoundError('Route not found');
    if (match.kind === 'wrong-method') throw new MethodNotAllowedError(match.allowed);
    const { contract } = match.route;
    context.withMsg = contract.withMsg;
    const franchiseId = resolveFranchise(request.host);
    const principal = contract.role === 'public' ? null : await authenticate(request.headers.authorization, franchiseId, contract.role);
    const input = parseInput(contract, request, match.params);
    const log = principal ? context.log.child({ userId: principal.userId, frchId: principal.frchId }) : context.log;
    const outcome = await match.route.handle({
      ...input,
      principal,
      scope: { requestId: context.requestId, franchiseId, sourceIp: request.sourceIp, userAgent: request.userAgent, log, raw: request },
    });
    const response = successResponse(contract, outcome, context.requestId);
    if (!outcome.skipActivity) await writeActivity(contract, principal ?? outcome.actor, request, log, outcome.activityNote);
    return response;
  };

  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, GroupContext>({ timeoutEarlyInMillis: 0 })
    .use(requestScope(group))
    .use(errorEnvelope())
    .handler(dispatch);
  /** The Lambda entry: middy fills in the request scope (id, logger) before dispatch runs. */
  const entry = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const result = await handler(event, context as GroupContext, { signal: new AbortController().signal });
    if (!result) throw new Error(`Route group ${group} produced no response`);
    return result;
  };
  return Object.assign(entry, { routes });
}
