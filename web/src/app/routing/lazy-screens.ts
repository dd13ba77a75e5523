import { lazy } from 'react';

/** Every screen (and the signed-in shell) is its own chunk, fetched when its route is first opened. */
export const AppShell = lazy(() => import('../layout/app-shell').then((module) => ({ default: module.AppShell })));
export const AuthScreen = lazy(() =>
  import('../../features/auth/pages/auth-page').then((module) => ({ default: module.AuthPage })),
);
export const DashboardScreen = lazy(() =>
  import('../../features/dashboard/pages/dashboard-page').then((module) => ({ default: module.DashboardPage })),
);
export const ProfileScreen = lazy(() =>
  import('../../features/profile/pages/profile-page').then((module) => ({ default: module.ProfilePage })),
);
export const ActivityLogsScreen = lazy(() =>
  import('../../features/activity/pages/activity-logs-page').then((module) => ({ default: module.ActivityLogsPage })),
);
export const NotificationsScreen = lazy(() =>
  import('../../features/notifications/pages/notifications-page').then((module) => ({
    default: module.NotificationsPage,
  })),
);
export const UpcomingScreen = lazy(() =>
  import('../../features/upcoming/pages/upcoming-page').then((module) => ({ default: module.UpcomingPage })),
);
