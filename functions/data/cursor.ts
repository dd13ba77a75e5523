import * as z from 'zod';
import { BadRequestError } from '../platform/errors';

const keySchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** An opaque page cursor: the query's LastEvaluatedKey, base64url JSON. */
export function encodeCursor(lastKey: Record<string, unknown> | undefined): string | null {
  return lastKey ? Buffer.from(JSON.stringify(lastKey)).toString('base64url') : null;
}

/**
 * Reads a cursor back, and refuses one that points into another partition: a cursor is only ever
 * a position inside the caller's own items.
 */
export function decodeCursor(cursor: string | undefined, partition: string): Record<string, string | number> | undefined {
  if (!cursor) return undefined;
  try {
    const key = keySchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (key.PK !== partition) throw new Error('foreign cursor');
    return key;
  } catch {
    throw new BadRequestError('Invalid page cursor');
  }
}
