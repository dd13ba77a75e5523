import { absoluteAppUrl, paths } from '@/config/paths';
import { storeTokenFromQuery } from '@/lib/auth-storage';

/** Spec §2: a valid token in `?token=` is stored and the app opens at the dashboard. */
export function adoptQueryToken(): void {
  if (storeTokenFromQuery(window.location.search)) {
    window.history.replaceState(null, '', absoluteAppUrl(paths.dashboard));
  }
}
