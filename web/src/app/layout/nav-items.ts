import { paths, type AppPath } from '../../config/paths';

export interface NavItem {
  label: string;
  to: AppPath;
}

/** Sidebar entries in spec §2's order; an entry joins when its screen exists. */
export const NAV_ITEMS: readonly NavItem[] = [{ label: 'Dashboard', to: paths.dashboard }];
