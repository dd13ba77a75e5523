import { paperAccountStateSchema, type PaperAccountState } from './account-state';

/**
 * The port through which the paper adapter persists one account. `version` is an optimistic lock:
 * `save` must write only if the stored version still equals `expectedVersion` (DynamoDB: a
 * ConditionExpression on `v`) and then store `expectedVersion + 1`; otherwise it throws
 * `PaperStateConflictError` and the adapter reloads and retries.
 */
export interface StoredPaperAccount {
  readonly state: PaperAccountState;
  readonly version: number;
}

export type LoadPaperAccount = () => Promise<StoredPaperAccount>;
export type SavePaperAccount = (state: PaperAccountState, expectedVersion: number) => Promise<void>;

export class PaperStateConflictError extends Error {
  constructor(expectedVersion: number, actualVersion: number) {
    super(`Paper account changed concurrently (expected version ${expectedVersion}, found ${actualVersion})`);
    this.name = 'PaperStateConflictError';
  }
}

export interface InMemoryPaperStore {
  readonly load: LoadPaperAccount;
  readonly save: SavePaperAccount;
  /** The stored account as it is now. */
  current(): StoredPaperAccount;
}

/**
 * A store in memory, for tests and the local runtime. It keeps a JSON copy and parses it back with the
 * state schema on every load, exactly as a real store would, so nothing can leak by reference.
 */
export function createInMemoryPaperStore(initial: PaperAccountState): InMemoryPaperStore {
  let stored = { json: JSON.stringify(initial), version: 0 };
  const current = (): StoredPaperAccount => ({ state: paperAccountStateSchema.parse(JSON.parse(stored.json)), version: stored.version });
  return {
    current,
    load: async () => current(),
    save: async (state, expectedVersion) => {
      if (stored.version !== expectedVersion) throw new PaperStateConflictError(expectedVersion, stored.version);
      stored = { json: JSON.stringify(state), version: expectedVersion + 1 };
    },
  };
}
