import { lazy } from 'react';

/** The custom bridge screens, each its own chunk, fetched when its route is first opened. */
export const CustomBridgesScreen = lazy(() => import('./pages/custom-bridges-page').then((module) => ({ default: module.CustomBridgesPage })));
export const CustomBridgeScreen = lazy(() => import('./pages/custom-bridge-page').then((module) => ({ default: module.CustomBridgePage })));
export const CustomBridgeInfoScreen = lazy(() =>
  import('./pages/custom-bridge-info-page').then((module) => ({ default: module.CustomBridgeInfoPage })),
);
export const BridgePositionsScreen = lazy(() => import('./pages/bridge-positions-page').then((module) => ({ default: module.BridgePositionsPage })));
