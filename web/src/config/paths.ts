import { WEB_BASE_PATH } from '@shared/domain/constants';

/**
 * Every route of spec §2, relative to the router's basename (/platform). `:name` marks a parameter;
 * build concrete links with `pathTo`.
 */
export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  /** Where a user added by a parent chooses a first password (the welcome mail's link). */
  setPassword: '/setpassword',
  dashboard: '/dashboard',
  demat: '/demat',
  dematAccount: '/demat/:broker_id',
  dematConnected: '/dematconnected',
  referral: '/referral',
  orderHistory: '/orderhistory',
  orderHistoryGroup: '/orderhistory/grouporder',
  orderHistoryGroupBroker: '/orderhistory/grouporder/broker/:group_id',
  orderHistoryIndividual: '/orderhistory/individualorder',
  orderDetails: '/orderdetails',
  wallet: '/wallet',
  activityLogs: '/activitylogs',
  profile: '/profile',
  notifications: '/notification',
  groups: '/group/group',
  group: '/group/group/:group_id',
  groupPositions: '/group/group/:group_id/positions',
  groupBroker: '/group/group/:group_id/broker/:broker_id',
  groupStrategies: '/group/strategy',
  groupStrategyManage: '/group/strategy/manage/:group_strategy_id',
  groupStrategy: '/group/strategy/:group_id',
  groupStrategyPositions: '/group/strategy/:group_id/positions',
  groupStrategyBroker: '/group/strategy/:group_id/broker/:broker_id',
  /** The strategies a user who is not a broker panel may subscribe to (issue 21). */
  strategies: '/strategies',
  pendingOrders: '/group/pendingorders',
  pendingOrder: '/group/pendingorders/:order_id',
  jsonBridges: '/bridge/jsonbridge',
  jsonBridge: '/bridge/jsonbridge/:json_bridge_id',
  jsonBridgeSyntax: '/bridge/jsonbridge/:json_bridge_id/syntaxgenerator',
  customBridges: '/bridge/custombridge',
  customBridge: '/bridge/custombridge/:bridge_id',
  customBridgeInfo: '/bridge/custombridge/:bridge_id/info',
  bridgeSignals: '/bridge/signal',
  bridgePositions: '/bridge/position',
  orderManager: '/ordermanager',
  watchList: '/watchlist',
  staticIp: '/staticip',
  users: '/user',
  userDemat: '/user/demat/:broker_id',
  subUser: '/user/:sub_user_id',
  transactions: '/transaction',
  configs: '/configs',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** A concrete link for a parameterised path: pathTo(paths.group, { group_id: 7 }) → '/group/group/7'. */
export function pathTo(path: AppPath, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** `/platform`: the router's basename is the web base path without its trailing slash. */
export const ROUTER_BASENAME = WEB_BASE_PATH.replace(/\/$/, '');

/** The full URL of a router path, for hard redirects outside the router (`/login` → `/platform/login`). */
export function absoluteAppUrl(path: AppPath): string {
  return `${ROUTER_BASENAME}${path}`;
}
