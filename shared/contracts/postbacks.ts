import * as z from 'zod';
import { defineCall } from './define-call';
import { orderAccountIdField } from './orders';

/**
 * Broker postbacks (issue 5, part 3: master mirroring). Zerodha posts a JSON order update to the app's
 * postback URL whenever an order's status changes (reference/brokers.md §2; Kite Connect v3 postbacks),
 * signed by `checksum` = SHA-256(order_id + order_timestamp + api_secret). The URL names the master
 * account, so the update is checked with that account's own secret and then runs the same mirror step
 * as the poll: a repeated postback finds the copy already claimed.
 */
export const postbackContracts = {
  zerodhaPostback: defineCall({
    group: 'groups',
    method: 'POST',
    path: '/users/broker/postback/zerodha/{broker_id}',
    role: 'public',
    bodyKind: 'raw',
    summary:
      "Kite Connect's order postback for a group master account: the raw JSON body is verified with the account's API secret (401 when the checksum does not match or the account masters no group; nothing is done), then the master's order book is read and what is new is copied to the children of every group it is master of.",
    params: z.strictObject({ broker_id: orderAccountIdField }),
    request: z.string(),
    response: z.object({ order_id: z.string() }),
    activity: 'Received a master order update from Zerodha',
    specExtension: "Brokers push order updates to a platform URL; the spec lists only the browser's calls.",
  }),
} as const;
