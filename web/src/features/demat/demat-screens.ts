import { lazy } from 'react';

/** The demat screens, each its own chunk, fetched when its route is first opened. */
export const DematScreen = lazy(() => import('./pages/demat-page').then((module) => ({ default: module.DematPage })));
export const DematAccountScreen = lazy(() =>
  import('./pages/demat-account-page').then((module) => ({ default: module.DematAccountPage })),
);
export const DematConnectedScreen = lazy(() =>
  import('./pages/demat-connected-page').then((module) => ({ default: module.DematConnectedPage })),
);
