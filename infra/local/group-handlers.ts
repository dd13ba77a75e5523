import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { RouteGroupName } from '../../shared/contracts/route-groups';
import type { RouteDefinition } from '../../functions/platform/http/route';

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** A group's Lambda entry, which also lists its routes (for the route table tests). */
export type GroupEntry = HttpHandler & { readonly routes: readonly RouteDefinition[] };

/**
 * The Lambda entry of every route group, imported lazily as a cold Lambda would load it.
 * The Record type makes a missing group a compile error.
 */
export const GROUP_HANDLER_MODULES: Record<RouteGroupName, () => Promise<{ handler: GroupEntry }>> = {
  auth: () => import('../../functions/auth/index'),
  user: () => import('../../functions/user/index'),
  groups: () => import('../../functions/groups/index'),
  strategies: () => import('../../functions/strategies/index'),
  subusers: () => import('../../functions/subusers/index'),
  scripts: () => import('../../functions/scripts/index'),
  bridge: () => import('../../functions/bridge/index'),
  referrals: () => import('../../functions/referrals/index'),
  broker: () => import('../../functions/broker/index'),
  ordermanager: () => import('../../functions/ordermanager/index'),
  watchlist: () => import('../../functions/watchlist/index'),
  jsonbridge: () => import('../../functions/jsonbridge/index'),
  ips: () => import('../../functions/ips/index'),
  panelconfigs: () => import('../../functions/panelconfigs/index'),
  payment: () => import('../../functions/payment/index'),
  meta: () => import('../../functions/meta/index'),
};
