import { useSyncExternalStore } from 'react';
import { readEnabledFeatures, subscribeToFeatureToggles, type EnabledFeatures } from './feature-toggle-store';

/** The enabled features, re-read whenever a toggle changes. */
export function useFeatureToggles(): EnabledFeatures {
  return useSyncExternalStore(subscribeToFeatureToggles, readEnabledFeatures);
}
