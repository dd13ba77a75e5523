import { lazy } from 'react';

/** The signal log, its own chunk, fetched when its route is first opened. */
export const SignalsScreen = lazy(() => import('./pages/signals-page').then((module) => ({ default: module.SignalsPage })));
