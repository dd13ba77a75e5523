import type { StoredPaperAccount } from '../state-store';

/**
 * Paper accounts as this container last loaded or saved them (issue 22: the paper exchange's own state
 * in one engine call per order). A copy only ever serves as the first attempt of a change: the save is
 * conditioned on the copy's version, so a copy that another writer has overtaken fails the save, is
 * forgotten, and the retry loads the account afresh. Reads that change nothing always load, so a copy
 * can never show a stale book. States are immutable (the engine returns new ones), so sharing is safe.
 */
const MAX_ACCOUNTS = 1_000;

const recent = new Map<string, StoredPaperAccount>();

export function recentPaperState(key: string): StoredPaperAccount | undefined {
  return recent.get(key);
}

export function rememberPaperState(key: string, stored: StoredPaperAccount): void {
  recent.delete(key);
  if (recent.size >= MAX_ACCOUNTS) recent.delete(recent.keys().next().value ?? '');
  recent.set(key, stored);
}

export function forgetPaperState(key: string): void {
  recent.delete(key);
}
