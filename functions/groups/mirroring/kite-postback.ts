import { createHash, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { BadRequestError } from '../../platform/errors';

/**
 * A Kite Connect postback as posted (raw JSON; reference/brokers.md §2, Kite "Postback (WebHooks)"):
 * only the fields the signature covers are read. The order itself is read from the master's book,
 * not from the body, so the poll and the postback copy the very same ticket.
 */
const kitePostbackSchema = z.object({
  order_id: z.string().min(1),
  order_timestamp: z.string(),
  checksum: z.string(),
});
export type KitePostback = z.infer<typeof kitePostbackSchema>;

export function parseKitePostback(rawBody: string): KitePostback {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new BadRequestError('Invalid JSON body', 'INVALID_JSON');
  }
  const parsed = kitePostbackSchema.safeParse(json);
  if (!parsed.success) throw new BadRequestError('Not a Kite order postback.');
  return parsed.data;
}

/** `checksum` = SHA-256 hex of order_id + order_timestamp + api_secret, compared in constant time. */
export function kitePostbackSigned(postback: KitePostback, apiSecret: string): boolean {
  const expected = Buffer.from(createHash('sha256').update(postback.order_id + postback.order_timestamp + apiSecret).digest('hex'));
  const given = Buffer.from(postback.checksum.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
