import * as z from 'zod';

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

export const realtimeMessageSchema = z.discriminatedUnion('type', [pongMessageSchema, errorMessageSchema, notificationMessageSchema]);
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

/** Browser → server, in the body of a `$default` frame. */
export const pingActionSchema = z.object({ action: z.literal('ping') });

export const clientActionSchema = z.discriminatedUnion('action', [pingActionSchema]);
export type ClientAction = z.infer<typeof clientActionSchema>;
