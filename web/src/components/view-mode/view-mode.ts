import { LOCAL_STORAGE_USER_PREFIX } from '@shared/domain/constants';
import { VIEW_MODES } from '@shared/domain/ranges';
import { readUserKey } from '@/lib/auth-storage';

/** Spec §2 view modes: accounts as cards or as a table. */
export type ViewMode = (typeof VIEW_MODES)[number];
export const DEFAULT_VIEW_MODE: ViewMode = 'card';

export const VIEW_MODE_LABELS: Readonly<Record<ViewMode, string>> = { card: 'Cards', table: 'Table' };

/** Spec §9: per-user keys start with adu_ and the user's key AD_{franchise}_{user}. */
export function viewModeStorageKey(): string {
  return `${LOCAL_STORAGE_USER_PREFIX}${readUserKey() ?? 'anonymous'}_demat_view`;
}

export function isViewMode(value: string | null): value is ViewMode {
  return VIEW_MODES.some((mode) => mode === value);
}
