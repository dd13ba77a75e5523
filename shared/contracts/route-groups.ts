/**
 * The route groups of the API. Each group is one Lambda on AWS and one handler module locally.
 * `prefixes` are the path prefixes (under /api/v4) whose unknown paths the group still answers
 * (404 / 405 envelopes); the most specific prefix wins, as in API Gateway.
 */
export const ROUTE_GROUPS = {
  auth: { prefixes: ['/auth'] },
  user: { prefixes: ['/users'] },
  groups: { prefixes: ['/users/groups', '/users/broker/group'] },
  strategies: { prefixes: ['/users/groups/strategies'] },
  subusers: { prefixes: ['/users/subusermanagement'] },
  scripts: { prefixes: ['/scripts'] },
  bridge: { prefixes: ['/users/bridge'] },
  referrals: { prefixes: ['/users/referrals'] },
  broker: { prefixes: ['/users/broker'] },
  ordermanager: { prefixes: ['/ordermanager'] },
  watchlist: { prefixes: ['/users/watchlist'] },
  jsonbridge: { prefixes: ['/users/jsonbridge'] },
  ips: { prefixes: ['/users/ips'] },
  panelconfigs: { prefixes: ['/users/brokerpanelconfigs'] },
  payment: { prefixes: ['/payment'] },
  meta: { prefixes: [] },
} as const satisfies Record<string, { prefixes: readonly string[] }>;

export type RouteGroupName = keyof typeof ROUTE_GROUPS;
export const ROUTE_GROUP_NAMES = Object.keys(ROUTE_GROUPS) as RouteGroupName[];

/** The group that answers a path no contract matches: the longest matching prefix, else `meta`. */
export function groupForUnmatchedPath(path: string): RouteGroupName {
  let best: { group: RouteGroupName; length: number } = { group: 'meta', length: -1 };
  for (const group of ROUTE_GROUP_NAMES) {
    for (const prefix of ROUTE_GROUPS[group].prefixes) {
      if ((path === prefix || path.startsWith(`${prefix}/`)) && prefix.length > best.length) {
        best = { group, length: prefix.length };
      }
    }
  }
  return best.group;
}
