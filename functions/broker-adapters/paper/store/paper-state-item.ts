import * as z from 'zod';
import { packJson, unpackJson } from '../../../data/packed-json';
import { paperAccountStateSchema, type PaperAccountState } from '../account-state';

/**
 * The stored form of one paper account (docs/data-model.md): keyed by `paperStateKeys.item`, shaped
 * `{ entity: 'paper-state', v, packed }`. `packed` is the JSON-safe `PaperAccountState` as the engine
 * produced it, as JSON compressed with raw DEFLATE in one binary attribute; `v` is the optimistic-lock
 * version, 0 when the account is created and one more on every save.
 *
 * Why packed (issue 22): a day of 320 orders is about 240 KB as a DynamoDB map — more than half the
 * item limit of 400 KB, and 60 ms for the engine to rewrite — but about 10 KB packed. Items written
 * before the packed form hold the state as a map under `state`; they still load, and their next save
 * replaces the map with `packed`.
 */
export const PAPER_STATE_ENTITY = 'paper-state';

/** Which paper account: the owner's franchise and user, and the account's id. */
export interface PaperAccountAddress {
  readonly frchId: number;
  readonly userId: number;
  readonly accountId: string;
}

/** The state as stored (packed-json.ts). */
export function packPaperState(state: PaperAccountState): Uint8Array {
  return packJson(state);
}

export function unpackPaperState(packed: Uint8Array): PaperAccountState {
  return paperAccountStateSchema.parse(unpackJson(packed));
}

/** What `load` checks: the version and one of the two forms of the state. The key alone names the item, so `entity` is a label only. */
const storedPaperStateSchema = z.union([
  z.object({ v: z.number().int().nonnegative(), packed: z.instanceof(Uint8Array) }),
  z.object({ v: z.number().int().nonnegative(), state: paperAccountStateSchema }),
]);

/** The version and the state of a stored item, whichever form it holds. */
export function paperStateOfItem(item: unknown): { readonly version: number; readonly state: PaperAccountState } {
  const stored = storedPaperStateSchema.parse(item);
  return { version: stored.v, state: 'packed' in stored ? unpackPaperState(stored.packed) : stored.state };
}

/** The attributes of a newly created account, before its key is added. */
export function newPaperStateAttributes(state: PaperAccountState, now: Date) {
  const stamp = now.toISOString();
  return { entity: PAPER_STATE_ENTITY, v: 0, packed: packPaperState(state), createdAt: stamp, updatedAt: stamp };
}
