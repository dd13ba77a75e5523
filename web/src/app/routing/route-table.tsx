import type { ReactElement } from 'react';
import { SELF_SERVICE_AUTH } from '@/config/build-flags';
import { paths, type AppPath } from '@/config/paths';
import type { Gate } from '../access/access-gates';
import {
  ActivityLogsScreen,
  AuthScreen,
  BridgePositionsScreen,
  ConfigsScreen,
  CustomBridgeInfoScreen,
  CustomBridgeScreen,
  CustomBridgesScreen,
  DashboardScreen,
  DematAccountScreen,
  DematConnectedScreen,
  DematScreen,
  GroupBrokerScreen,
  GroupOrderHistoryScreen,
  GroupPositionsScreen,
  GroupScreen,
  GroupsScreen,
  GroupStrategiesScreen,
  JsonBridgeScreen,
  JsonBridgesScreen,
  NotificationsScreen,
  OrderDetailsScreen,
  OrderHistoryScreen,
  OrderManagerScreen,
  PendingOrderScreen,
  PendingOrdersScreen,
  ProfileScreen,
  ReferralScreen,
  SetPasswordScreen,
  SignalsScreen,
  StaticIpScreen,
  StrategiesScreen,
  StrategyManageScreen,
  SubUserScreen,
  SyntaxGeneratorScreen,
  TransactionsScreen,
  UserDematScreen,
  UsersScreen,
  WalletScreen,
  WatchListScreen,
} from './lazy-screens';

/** public: no login needed; bare: behind login without sidebar and top bar; shell: inside the signed-in layout. */
export type RouteLayout = 'public' | 'bare' | 'shell';

export interface AppRoute {
  path: AppPath;
  element: ReactElement;
  gate: Gate;
  layout: RouteLayout;
}

const screen = (path: AppPath, element: ReactElement, gate: Gate = 'always'): AppRoute => ({
  path,
  element,
  gate,
  layout: 'shell',
});

const publicScreen = (path: AppPath, element: ReactElement): AppRoute => ({ path, element, gate: 'always', layout: 'public' });

/** Every route of spec §2 with its gate; /register only exists with self-service accounts. */
export function buildAppRoutes(selfServiceAuth: boolean): readonly AppRoute[] {
  return [
    publicScreen(paths.login, <AuthScreen mode="LOGIN" />),
    publicScreen(paths.forgotPassword, <AuthScreen mode="FORGOT_PASSWORD" />),
    publicScreen(paths.setPassword, <SetPasswordScreen />),
    ...(selfServiceAuth ? [publicScreen(paths.register, <AuthScreen mode="REGISTER" />)] : []),
    { path: paths.dematConnected, element: <DematConnectedScreen />, gate: 'always', layout: 'bare' },

    screen(paths.dashboard, <DashboardScreen />),
    screen(paths.demat, <DematScreen />),
    screen(paths.dematAccount, <DematAccountScreen />),
    screen(paths.referral, <ReferralScreen />),
    screen(paths.orderHistory, <OrderHistoryScreen kind="individual" title="Order History" />),
    screen(paths.orderHistoryGroup, <OrderHistoryScreen kind="group" />),
    screen(paths.orderHistoryGroupBroker, <GroupOrderHistoryScreen />),
    screen(paths.orderHistoryIndividual, <OrderHistoryScreen kind="individual" />),
    screen(paths.orderDetails, <OrderDetailsScreen />),
    screen(paths.wallet, <WalletScreen />),
    screen(paths.activityLogs, <ActivityLogsScreen />),
    screen(paths.profile, <ProfileScreen />),
    screen(paths.notifications, <NotificationsScreen />),

    screen(paths.groups, <GroupsScreen />, 'groups'),
    screen(paths.group, <GroupScreen family="group" />, 'groups'),
    screen(paths.groupPositions, <GroupPositionsScreen family="group" />, 'groups'),
    screen(paths.groupBroker, <GroupBrokerScreen family="group" />, 'groups'),
    // A broker panel's groups are its strategies: the same group screens, with links kept under /group/strategy.
    screen(paths.groupStrategies, <GroupStrategiesScreen />, 'groupStrategies'),
    screen(paths.groupStrategyManage, <StrategyManageScreen />, 'groupStrategies'),
    screen(paths.groupStrategy, <GroupScreen family="strategy" />, 'groupStrategies'),
    screen(paths.groupStrategyPositions, <GroupPositionsScreen family="strategy" />, 'groupStrategies'),
    screen(paths.groupStrategyBroker, <GroupBrokerScreen family="strategy" />, 'groupStrategies'),
    screen(paths.strategies, <StrategiesScreen />, 'strategiesToSubscribe'),
    screen(paths.pendingOrders, <PendingOrdersScreen />, 'anyGroup'),
    screen(paths.pendingOrder, <PendingOrderScreen />, 'anyGroup'),
    screen(paths.jsonBridges, <JsonBridgesScreen />, 'jsonBridge'),
    screen(paths.jsonBridge, <JsonBridgeScreen />, 'jsonBridge'),
    screen(paths.jsonBridgeSyntax, <SyntaxGeneratorScreen />, 'jsonBridge'),
    screen(paths.customBridges, <CustomBridgesScreen />, 'customBridge'),
    screen(paths.customBridge, <CustomBridgeScreen />, 'customBridge'),
    screen(paths.customBridgeInfo, <CustomBridgeInfoScreen />, 'customBridge'),
    screen(paths.bridgeSignals, <SignalsScreen />, 'customBridge'),
    screen(paths.bridgePositions, <BridgePositionsScreen />, 'customBridge'),
    screen(paths.orderManager, <OrderManagerScreen />, 'orderManager'),
    screen(paths.watchList, <WatchListScreen />, 'watchList'),
    screen(paths.staticIp, <StaticIpScreen />, 'staticIp'),
    screen(paths.users, <UsersScreen />, 'subUsers'),
    screen(paths.userDemat, <UserDematScreen />, 'subUsers'),
    screen(paths.subUser, <SubUserScreen />, 'subUsers'),
    screen(paths.transactions, <TransactionsScreen />, 'brokerPanel'),
    screen(paths.configs, <ConfigsScreen />, 'configs'),
  ];
}

export const APP_ROUTES = buildAppRoutes(SELF_SERVICE_AUTH);
