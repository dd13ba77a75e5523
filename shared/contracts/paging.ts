import * as z from 'zod';
import { MAX_PAGE_SIZE } from '../domain/constants';

/** Offset paging, as the spec calls notifications (offset 0, limit 5). */
export const offsetPageRequest = {
  offset: z.number().int().min(0).max(10_000).default(0),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
};

/** Date range in the payload format yyyy-MM-dd (spec §9); the default range is the last 30 days. */
export const payloadDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format yyyy-MM-dd.');

/** Cursor paging for long lists: the answer's `next_cursor` is passed back as `cursor`. */
export const cursorPageRequest = {
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  cursor: z.string().max(2048).optional(),
};

export function cursorPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}
