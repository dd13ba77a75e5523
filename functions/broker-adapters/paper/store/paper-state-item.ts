import * as z from 'zod';
import { paperAccountStateSchema, type PaperAccountState } from '../account-state';

/**
 * The stored form of one paper account (docs/data-model.md): keyed by `paperStateKeys.item`, shaped
 * `{ entity: 'paper-state', v, state }`. `state` is a DynamoDB map holding the JSON-safe
 * `PaperAccountState` exactly as the engine produced it; `v` is the optimistic-lock version, 0 when
 * the account is created and one more on every save.
 */
export const PAPER_STATE_ENTITY = 'paper-state';

/** Which paper account: the owner's franchise and user, and the account's id. */
export interface PaperAccountAddress {
  readonly frchId: number;
  readonly userId: number;
  readonly accountId: string;
}

/** What `load` checks: the version and the state. The key alone names the item, so `entity` is a label only. */
export const paperStateItemSchema = z.object({
  v: z.number().int().nonnegative(),
  state: paperAccountStateSchema,
});

/** The attributes of a newly created account, before its key is added. */
export function newPaperStateAttributes(state: PaperAccountState, now: Date) {
  const stamp = now.toISOString();
  return { entity: PAPER_STATE_ENTITY, v: 0, state, createdAt: stamp, updatedAt: stamp };
}
