import { useState } from 'react';
import { DEFAULT_VIEW_MODE, isViewMode, viewModeStorageKey, type ViewMode } from './view-mode';

function storedViewMode(): ViewMode {
  try {
    const stored = localStorage.getItem(viewModeStorageKey());
    return isViewMode(stored) ? stored : DEFAULT_VIEW_MODE;
  } catch {
    return DEFAULT_VIEW_MODE;
  }
}

/** The view mode of the account, group and bridge lists (one choice for all), remembered per user in local storage. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(storedViewMode);
  const choose = (next: ViewMode) => {
    setMode(next);
    try {
      localStorage.setItem(viewModeStorageKey(), next);
    } catch {
      // Storage may be full or blocked; the choice still holds for this visit.
    }
  };
  return [mode, choose];
}
