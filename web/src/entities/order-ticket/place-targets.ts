import type * as z from 'zod';
import {
  directOrderContracts,
  placedOrderSchema,
  placeOrderRequestSchema,
  watchlistOrderContracts,
  watchlistPlaceOrderRequestSchema,
} from '@shared/contracts/orders';
import { callApi } from '@/lib/api-client';
import { checkedRequest } from '@/lib/request-check';
import type { TicketScript } from './ticket-script';

export type PlacedOrder = z.output<typeof placedOrderSchema>;

/** Where a ticket's order goes: the direct call, or the watch list's own (named by the entry). */
export type PlaceTarget = { via: 'direct' } | { via: 'watchlist'; watchlistId: string };

interface PlaceRoute {
  /** The contract's request schema: the ticket validates with it before anything is sent. */
  schema: z.ZodType;
  /** The fields that name the script in this call's body. */
  naming: (target: PlaceTarget, script: TicketScript) => Record<string, string>;
  send: (body: unknown) => Promise<PlacedOrder>;
}

export const PLACE_ROUTES: Readonly<Record<PlaceTarget['via'], PlaceRoute>> = {
  direct: {
    schema: placeOrderRequestSchema,
    naming: (_target, script) => ({ script_id: script.script_id }),
    send: (body) => callApi(directOrderContracts.placeOrder, checkedRequest(placeOrderRequestSchema, body)),
  },
  watchlist: {
    schema: watchlistPlaceOrderRequestSchema,
    naming: (target, script): Record<string, string> =>
      target.via === 'watchlist' ? { watchlist_id: target.watchlistId } : { script_id: script.script_id },
    send: (body) => callApi(watchlistOrderContracts.placeOrder, checkedRequest(watchlistPlaceOrderRequestSchema, body)),
  },
};
