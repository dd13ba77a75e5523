import { ALL_CONTRACTS } from '../../shared/contracts/all';
import { pathSegments, type CallContract } from '../../shared/contracts/define-call';
import { groupForUnmatchedPath, type RouteGroupName } from '../../shared/contracts/route-groups';
import { API_BASE_PATH } from '../../shared/domain/constants';

export interface GatewayRoute {
  readonly group: RouteGroupName;
  readonly routeKey: string;
  readonly pathParameters?: Record<string, string>;
}

function matches(contract: CallContract, parts: readonly string[]): Record<string, string> | null {
  const segments = pathSegments(contract.path);
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    const part = parts[index] ?? '';
    if (segment.param) params[segment.param] = decodeURIComponent(part);
    else if (segment.literal !== part) return null;
  }
  return params;
}

/**
 * Picks the group for a request the way API Gateway would with the stack's routes: an exact
 * contract route (method + path), else the group catch-all of the longest prefix, else $default.
 */
export function resolveGatewayRoute(method: string, path: string, contracts: readonly CallContract[] = ALL_CONTRACTS): GatewayRoute {
  const apiPath = path.slice(API_BASE_PATH.length) || '/';
  const parts = apiPath.split('/').filter(Boolean);
  for (const contract of contracts) {
    if (contract.method !== method) continue;
    const params = matches(contract, parts);
    if (params) {
      return {
        group: contract.group,
        routeKey: `${contract.method} ${API_BASE_PATH}${contract.path}`,
        ...(Object.keys(params).length ? { pathParameters: params } : {}),
      };
    }
  }
  const group = groupForUnmatchedPath(apiPath);
  return { group, routeKey: group === 'meta' ? '$default' : `ANY ${API_BASE_PATH}/{proxy+}` };
}
