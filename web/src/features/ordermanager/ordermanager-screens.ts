import { lazy } from 'react';

/** The order manager screen, its own chunk, fetched when its route is first opened. */
export const OrderManagerScreen = lazy(() => import('./pages/order-manager-page').then((module) => ({ default: module.OrderManagerPage })));
