import type { CallContract, HttpMethod } from '../../shared/contracts/define-call';
import { ROUTE_GROUP_NAMES, ROUTE_GROUPS, type RouteGroupName } from '../../shared/contracts/route-groups';

import { API_BASE_PATH } from '../../shared/domain/constants';

/** One API Gateway route: `<method> <path>` answered by a route group's Lambda. */
export interface PlannedRoute {
  readonly method: HttpMethod | 'ANY';
  readonly path: string;
  readonly group: RouteGroupName;
}

/**
 * Every HTTP API route, generated: one per contract, plus one `ANY <prefix>/{proxy+}` per group prefix
 * so unknown paths under a group still get that group's 404 envelope. (`$default` → meta is added by the API.)
 */
export function planHttpRoutes(contracts: readonly CallContract[]): PlannedRoute[] {
  const routes = [...contractRoutes(contracts), ...catchAllRoutes()];
  const seen = new Set<string>();
  for (const route of routes) {
    const key = routeKey(route);
    if (seen.has(key)) throw new Error(`Two routes share the key "${key}"`);
    seen.add(key);
  }
  return routes;
}

export function routeKey(route: Pick<PlannedRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

function contractRoutes(contracts: readonly CallContract[]): PlannedRoute[] {
  return contracts.map((contract) => {
    if (!/^\/\S+$/.test(contract.path)) {
      throw new Error(`Contract ${contract.operationId} has an invalid path "${contract.path}"`);
    }
    return { method: contract.method, path: `${API_BASE_PATH}${contract.path}`, group: contract.group };
  });
}

function catchAllRoutes(): PlannedRoute[] {
  return ROUTE_GROUP_NAMES.flatMap((group) =>
    ROUTE_GROUPS[group].prefixes.map((prefix): PlannedRoute => ({
      method: 'ANY',
      path: `${API_BASE_PATH}${prefix}/{proxy+}`,
      group,
    })),
  );
}
