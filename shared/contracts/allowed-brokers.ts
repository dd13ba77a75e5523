import * as z from 'zod';
import { brokerKindSchema, catalogBrokerSchema } from './broker';
import { defineCall } from './define-call';

/** One broker the franchise offers, as `getallowedbrokers` answers it. */
export const allowedBrokerSchema = z.object({
  broker: brokerKindSchema,
  broker_combined_name: z.string(),
  login_flow: catalogBrokerSchema.shape.login_flow,
  /** True when the franchise's own broker app (BROKER_CONFIG) logs its users in: they enter no app key or secret. */
  franchise_app: z.boolean(),
});
export type AllowedBroker = z.infer<typeof allowedBrokerSchema>;

export const allowedBrokersSchema = z.object({
  brokers: z.array(allowedBrokerSchema),
  /**
   * Where a redirect broker (Zerodha, Upstox, Fyers) returns after its login on this host: the URL to
   * register, exactly, as the redirect URL of the broker app (the franchise's own, or a user's).
   */
  redirect_url: z.string(),
});
export type AllowedBrokers = z.infer<typeof allowedBrokersSchema>;

export const allowedBrokersContracts = {
  getAllowedBrokers: defineCall({
    group: 'panelconfigs',
    method: 'GET',
    path: '/users/brokerpanelconfigs/getallowedbrokers',
    role: 'user',
    withMsg: true,
    summary:
      "The brokers the caller's franchise offers (BROKER_CONFIG; paper always), in catalog order, whether the franchise's own app logs each in, and the redirect URL broker apps register for this host. Every signed-in user of the franchise may read it (the connect screen needs it).",
    response: allowedBrokersSchema,
  }),
} as const;
