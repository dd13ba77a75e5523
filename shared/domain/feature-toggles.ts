/**
 * Feature toggles of spec §3: stored in the browser's local storage, all on by default; routes and
 * menu items appear or disappear when they change (spec §4).
 */
export const FEATURE_TOGGLES = ['watchlist', 'ordermanager', 'custombridge', 'jsonbridge', 'group', 'groupstrategy'] as const;
export type FeatureToggle = (typeof FEATURE_TOGGLES)[number];

export const FEATURE_TOGGLE_LABELS: Readonly<Record<FeatureToggle, string>> = {
  watchlist: 'Watch list',
  ordermanager: 'Order manager',
  custombridge: 'Custom bridge',
  jsonbridge: 'JSON bridge',
  group: 'Group',
  groupstrategy: 'Group strategy',
};

/** Local-storage key of a toggle: `feature_<name>`, value 'true' or 'false' (missing → on). */
export function featureToggleStorageKey(feature: FeatureToggle): string {
  return `feature_${feature}`;
}

/** The window event fired (and listened for) when a toggle changes. */
export const FEATURE_TOGGLE_EVENT = 'tradebridge:feature-toggle-change';
