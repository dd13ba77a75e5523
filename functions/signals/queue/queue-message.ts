import * as z from 'zod';

/**
 * Every message on the signal queue: a kind naming its processor and the kind's payload.
 * The webhook routes (bridge issues) enqueue; the signal worker dispatches by kind.
 */
export const queueMessageSchema = z.object({
  kind: z.string().min(1),
  messageId: z.string().min(1),
  enqueuedAt: z.string(),
  payload: z.unknown(),
});
export type QueueMessage = z.infer<typeof queueMessageSchema>;
