import * as z from 'zod';
import { PrefetchedItems } from './item-source';
import { userKeys } from './keys';

/** Who a user is, as a listing names them. */
export interface UserSummary {
  readonly name: string;
  readonly email: string;
}

const summarySchema = z.object({ first_name: z.string(), last_name: z.string(), email: z.string() });

/**
 * The names and emails of some users of one franchise, read together (BatchGetItem, 100 keys a request).
 * A user who no longer exists is left out of the answer.
 */
export async function readUserSummaries(frchId: number, userIds: Iterable<number>): Promise<Map<number, UserSummary>> {
  const ids = [...new Set(userIds)];
  const items = new PrefetchedItems();
  await items.prefetch(ids.map((userId) => userKeys.profile(frchId, userId)));
  const summaries = new Map<number, UserSummary>();
  for (const userId of ids) {
    const item = await items.get(userKeys.profile(frchId, userId));
    const parsed = item ? summarySchema.safeParse(item) : null;
    if (parsed?.success) summaries.set(userId, { name: `${parsed.data.first_name} ${parsed.data.last_name}`.trim(), email: parsed.data.email });
  }
  return summaries;
}
