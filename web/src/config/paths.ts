import { WEB_BASE_PATH } from '../../../shared/domain/constants';

/** Router paths, relative to the router's basename. Later screens add their paths here. */
export const paths = {
  root: '/',
  login: '/login',
  dashboard: '/dashboard',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** `/platform`: the router's basename is the web base path without its trailing slash. */
export const ROUTER_BASENAME = WEB_BASE_PATH.replace(/\/$/, '');

/** The full URL of a router path, for hard redirects outside the router (`/login` → `/platform/login`). */
export function absoluteAppUrl(path: AppPath): string {
  return `${ROUTER_BASENAME}${path}`;
}
