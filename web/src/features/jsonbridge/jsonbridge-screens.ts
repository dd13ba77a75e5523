import { lazy } from 'react';

/** The JSON bridge screens, each its own chunk, fetched when its route is first opened. */
export const JsonBridgesScreen = lazy(() => import('./pages/json-bridges-page').then((module) => ({ default: module.JsonBridgesPage })));
export const JsonBridgeScreen = lazy(() => import('./pages/json-bridge-page').then((module) => ({ default: module.JsonBridgePage })));
export const SyntaxGeneratorScreen = lazy(() => import('./pages/syntax-generator-page').then((module) => ({ default: module.SyntaxGeneratorPage })));
