import * as z from 'zod';
import { actionSchema } from '../domain/ranges';

/** The realtime channel's messages (`/api/v4/ws`), both directions: used by the handlers and the SPA. */

/** Server → browser. */
export const pongMessageSchema = z.object({ type: z.literal('pong') });

export const errorMessageSchema = z.object({ type: z.literal('error'), message: z.string() });

/** A notification as the notification list shows it (spec §3, "Notification"); new ones are unread. */
export const notificationMessageSchema = z.object({
  type: z.literal('notification'),
  id: z.string().min(1),
  notify_type: z.string(),
  notified_message: z.string(),
  create_time: z.string(),
});

/**
 * Something a trader wants to hear about at once (the SPA's alerts: a sound and a browser notification
 * when the user turned them on): an order filled or rejected, an order-manager position exited on its
 * target or stop-loss, a broker session ended. The SPA words it; the fields it does not apply to are null.
 * `session-expiring` is the SPA's own warning before an account's session ends (`at`: when it ends).
 */
export const ALERT_KINDS = ['fill', 'rejection', 'target-exit', 'stop-loss-exit', 'session-expiring', 'session-expired'] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

export const alertMessageSchema = z.object({
  type: z.literal('alert'),
  kind: alertKindSchema,
  at: z.string(),
  /** The broker account, as lists name it. */
  account: z.string().nullable(),
  /** The order group of an order-manager exit. */
  group: z.string().nullable(),
  side: actionSchema.nullable(),
  quantity: z.number().nullable(),
  trading_symbol: z.string().nullable(),
  /** The fill's or exit's average price. */
  price: z.number().nullable(),
  /** Why an order was rejected or not placed. */
  reason: z.string().nullable(),
});
export type AlertMessage = z.infer<typeof alertMessageSchema>;

/**
 * The wallet moved (a credit or a debit committed): the balance after the wallet's latest movement, so the
 * SPA's credit badge shows it at once. `seq` is that movement's number in the wallet (1, 2, …): messages
 * may arrive out of order, and one with a lower `seq` than the balance shown is older news.
 */
export const walletMessageSchema = z.object({
  type: z.literal('wallet'),
  credit_paise: z.number().int().min(0),
  /** The same balance in rupees (credits), as the profile's `current_credit`. */
  current_credit: z.number().min(0),
  seq: z.number().int().positive(),
  /** When that movement was written. */
  at: z.string(),
});
export type WalletMessage = z.infer<typeof walletMessageSchema>;

export const realtimeMessageSchema = z.discriminatedUnion('type', [pongMessageSchema, errorMessageSchema, notificationMessageSchema, alertMessageSchema, walletMessageSchema]);
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

/** Browser → server, in the body of a `$default` frame. */
export const pingActionSchema = z.object({ action: z.literal('ping') });

export const clientActionSchema = z.discriminatedUnion('action', [pingActionSchema]);
export type ClientAction = z.infer<typeof clientActionSchema>;
