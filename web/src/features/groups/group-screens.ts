import { lazy } from 'react';

/** The group screens, each its own chunk, fetched when its route is first opened. */
export const GroupsScreen = lazy(() => import('./pages/groups-page').then((module) => ({ default: module.GroupsPage })));
export const GroupScreen = lazy(() => import('./pages/group-page').then((module) => ({ default: module.GroupPage })));
export const GroupPositionsScreen = lazy(() =>
  import('./pages/group-positions-page').then((module) => ({ default: module.GroupPositionsPage })),
);
export const GroupBrokerScreen = lazy(() => import('./pages/group-broker-page').then((module) => ({ default: module.GroupBrokerPage })));
export const PendingOrdersScreen = lazy(() =>
  import('./pages/pending-orders-page').then((module) => ({ default: module.PendingOrdersPage })),
);
export const PendingOrderScreen = lazy(() => import('./pages/pending-order-page').then((module) => ({ default: module.PendingOrderPage })));
