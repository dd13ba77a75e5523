import {
  FEATURE_TOGGLE_EVENT,
  FEATURE_TOGGLES,
  featureToggleStorageKey,
  type FeatureToggle,
} from '@shared/domain/feature-toggles';

/** The features that are on right now; everything not in the set is off. */
export type EnabledFeatures = ReadonlySet<FeatureToggle>;

/** Spec §3: a toggle is on unless its local-storage value is 'false' (missing → on). */
function isStoredOn(feature: FeatureToggle): boolean {
  try {
    return localStorage.getItem(featureToggleStorageKey(feature)) !== 'false';
  } catch {
    return true;
  }
}

let snapshotKey: string | null = null;
let snapshot: EnabledFeatures = new Set(FEATURE_TOGGLES);

/**
 * Reads every toggle from local storage. The same Set comes back while nothing changed, as
 * useSyncExternalStore requires of a snapshot.
 */
export function readEnabledFeatures(): EnabledFeatures {
  const enabled = FEATURE_TOGGLES.filter(isStoredOn);
  const key = enabled.join(',');
  if (key !== snapshotKey) {
    snapshotKey = key;
    snapshot = new Set(enabled);
  }
  return snapshot;
}

/** Calls `onChange` when a toggle changes in this tab (the toggle event) or in another one (`storage`). */
export function subscribeToFeatureToggles(onChange: () => void): () => void {
  window.addEventListener(FEATURE_TOGGLE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(FEATURE_TOGGLE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Stores a toggle and tells every listener (spec §4: routes and menu items follow without a reload). */
export function setFeatureEnabled(feature: FeatureToggle, enabled: boolean): void {
  localStorage.setItem(featureToggleStorageKey(feature), String(enabled));
  window.dispatchEvent(new Event(FEATURE_TOGGLE_EVENT));
}
