/** How long typing must pause before a script search runs. */
export const SEARCH_DEBOUNCE_MS = 300;
