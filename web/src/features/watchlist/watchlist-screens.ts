import { lazy } from 'react';

/** The watch-list screen as its own chunk, fetched when its route is first opened. */
export const WatchListScreen = lazy(() => import('./pages/watchlist-page').then((module) => ({ default: module.WatchListPage })));
