import type { ScriptType } from '../script-types';

/**
 * Query keys of script searches (the watch list's search box and the order ticket's script picker).
 * They keep the `['watchlist', 'search', …]` shape they had among the watch list's keys.
 */
export const scriptSearchKeys = {
  all: ['watchlist', 'search'] as const,
  search: (type: ScriptType, symbol: string) => [...scriptSearchKeys.all, type, symbol] as const,
};
