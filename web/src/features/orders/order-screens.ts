import { lazy } from 'react';

/** The order screens, each its own chunk, fetched when its route is first opened. */
export const OrderHistoryScreen = lazy(() =>
  import('./pages/order-history-page').then((module) => ({ default: module.OrderHistoryPage })),
);
export const OrderDetailsScreen = lazy(() =>
  import('./pages/order-details-page').then((module) => ({ default: module.OrderDetailsPage })),
);
export const GroupOrderHistoryScreen = lazy(() =>
  import('./pages/group-order-history-page').then((module) => ({ default: module.GroupOrderHistoryPage })),
);
