/** API Gateway WebSocket API quotas the channel lives within (not adjustable). */
export const WEBSOCKET_LIMITS = {
  /** A connection is closed after 2 hours, however busy; the stored item expires then too. */
  maxConnectionSeconds: 2 * 60 * 60,
  /** A connection with no frames for 10 minutes is closed. */
  idleSeconds: 10 * 60,
  /** Largest message (frames combined) API Gateway accepts. */
  maxMessageBytes: 128 * 1024,
} as const;
