import { lazy } from 'react';

/** Every screen is its own chunk, fetched when its route is first opened. */
export const AuthScreen = lazy(() =>
  import('../../features/auth/pages/auth-page').then((module) => ({ default: module.AuthPage })),
);
export const AppShell = lazy(() => import('../layout/app-shell').then((module) => ({ default: module.AppShell })));
export const DashboardScreen = lazy(() =>
  import('../../features/dashboard/pages/dashboard-page').then((module) => ({ default: module.DashboardPage })),
);
