import { lazy } from 'react';

/** Every screen (and the signed-in shell) is its own chunk, fetched when its route is first opened. */
export const AppShell = lazy(() => import('../layout/app-shell').then((module) => ({ default: module.AppShell })));
export const AuthScreen = lazy(() =>
  import('@/features/auth/pages/auth-page').then((module) => ({ default: module.AuthPage })),
);
export const DashboardScreen = lazy(() =>
  import('@/features/dashboard/pages/dashboard-page').then((module) => ({ default: module.DashboardPage })),
);
export const ProfileScreen = lazy(() =>
  import('@/features/profile/pages/profile-page').then((module) => ({ default: module.ProfilePage })),
);
export const ActivityLogsScreen = lazy(() =>
  import('@/features/activity/pages/activity-logs-page').then((module) => ({ default: module.ActivityLogsPage })),
);
export const NotificationsScreen = lazy(() =>
  import('@/features/notifications/pages/notifications-page').then((module) => ({
    default: module.NotificationsPage,
  })),
);
export const ReferralScreen = lazy(() =>
  import('@/features/referrals/pages/referral-page').then((module) => ({ default: module.ReferralPage })),
);

// The demat screens.
export const DematScreen = lazy(() => import('@/features/demat/pages/demat-page').then((module) => ({ default: module.DematPage })));
export const DematAccountScreen = lazy(() =>
  import('@/features/demat/pages/demat-account-page').then((module) => ({ default: module.DematAccountPage })),
);
export const DematConnectedScreen = lazy(() =>
  import('@/features/demat/pages/demat-connected-page').then((module) => ({ default: module.DematConnectedPage })),
);

// The order screens.
export const OrderHistoryScreen = lazy(() =>
  import('@/features/orders/pages/order-history-page').then((module) => ({ default: module.OrderHistoryPage })),
);
export const OrderDetailsScreen = lazy(() =>
  import('@/features/orders/pages/order-details-page').then((module) => ({ default: module.OrderDetailsPage })),
);
export const GroupOrderHistoryScreen = lazy(() =>
  import('@/features/orders/pages/group-order-history-page').then((module) => ({ default: module.GroupOrderHistoryPage })),
);

// The group screens.
export const GroupsScreen = lazy(() => import('@/features/groups/pages/groups-page').then((module) => ({ default: module.GroupsPage })));
export const GroupScreen = lazy(() => import('@/features/groups/pages/group-page').then((module) => ({ default: module.GroupPage })));
export const GroupStrategiesScreen = lazy(() =>
  import('@/features/groups/pages/group-strategies-page').then((module) => ({ default: module.GroupStrategiesPage })),
);
export const StrategyManageScreen = lazy(() =>
  import('@/features/group-strategies/pages/strategy-manage-page').then((module) => ({ default: module.StrategyManagePage })),
);
export const GroupPositionsScreen = lazy(() =>
  import('@/features/groups/pages/group-positions-page').then((module) => ({ default: module.GroupPositionsPage })),
);
export const GroupBrokerScreen = lazy(() =>
  import('@/features/groups/pages/group-broker-page').then((module) => ({ default: module.GroupBrokerPage })),
);
export const PendingOrdersScreen = lazy(() =>
  import('@/features/groups/pages/pending-orders-page').then((module) => ({ default: module.PendingOrdersPage })),
);
export const PendingOrderScreen = lazy(() =>
  import('@/features/groups/pages/pending-order-page').then((module) => ({ default: module.PendingOrderPage })),
);

// The strategies a user who is not a broker panel may subscribe to.
export const StrategiesScreen = lazy(() => import('@/features/strategies').then((module) => ({ default: module.StrategiesScreen })));

// The custom bridge screens and the signal log.
export const CustomBridgesScreen = lazy(() =>
  import('@/features/custombridge/pages/custom-bridges-page').then((module) => ({ default: module.CustomBridgesPage })),
);
export const CustomBridgeScreen = lazy(() =>
  import('@/features/custombridge/pages/custom-bridge-page').then((module) => ({ default: module.CustomBridgePage })),
);
export const CustomBridgeInfoScreen = lazy(() =>
  import('@/features/custombridge/pages/custom-bridge-info-page').then((module) => ({ default: module.CustomBridgeInfoPage })),
);
export const BridgePositionsScreen = lazy(() =>
  import('@/features/custombridge/pages/bridge-positions-page').then((module) => ({ default: module.BridgePositionsPage })),
);
export const SignalsScreen = lazy(() => import('@/features/signals/pages/signals-page').then((module) => ({ default: module.SignalsPage })));

// The JSON bridge screens.
export const JsonBridgesScreen = lazy(() =>
  import('@/features/jsonbridge/pages/json-bridges-page').then((module) => ({ default: module.JsonBridgesPage })),
);
export const JsonBridgeScreen = lazy(() =>
  import('@/features/jsonbridge/pages/json-bridge-page').then((module) => ({ default: module.JsonBridgePage })),
);
export const SyntaxGeneratorScreen = lazy(() =>
  import('@/features/jsonbridge/pages/syntax-generator-page').then((module) => ({ default: module.SyntaxGeneratorPage })),
);

// The order manager and the watch list.
export const OrderManagerScreen = lazy(() =>
  import('@/features/ordermanager/pages/order-manager-page').then((module) => ({ default: module.OrderManagerPage })),
);
export const WatchListScreen = lazy(() =>
  import('@/features/watchlist/pages/watchlist-page').then((module) => ({ default: module.WatchListPage })),
);

// The wallet and the broker panel's Transaction page.
export const WalletScreen = lazy(() => import('@/features/wallet/pages/wallet-page').then((module) => ({ default: module.WalletPage })));
export const TransactionsScreen = lazy(() =>
  import('@/features/transactions/pages/transactions-page').then((module) => ({ default: module.TransactionsPage })),
);

// The broker panel's (or white label's) settings.
export const ConfigsScreen = lazy(() => import('@/features/configs/pages/configs-page').then((module) => ({ default: module.ConfigsPage })));

// Static IPs.
export const StaticIpScreen = lazy(() =>
  import('@/features/staticip/pages/static-ip-page').then((module) => ({ default: module.StaticIpPage })),
);

// The sub-user screens.
export const UsersScreen = lazy(() => import('@/features/subusers/pages/users-page').then((module) => ({ default: module.UsersPage })));
export const UserDematScreen = lazy(() =>
  import('@/features/subusers/pages/user-demat-page').then((module) => ({ default: module.UserDematPage })),
);
export const SubUserScreen = lazy(() =>
  import('@/features/subusers/detail/sub-user-page').then((module) => ({ default: module.SubUserPage })),
);
export const SetPasswordScreen = lazy(() =>
  import('@/features/auth/pages/set-password-page').then((module) => ({ default: module.SetPasswordPage })),
);
