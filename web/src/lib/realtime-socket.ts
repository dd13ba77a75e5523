import { realtimeMessageSchema, type RealtimeMessage } from '@shared/contracts/realtime';

/**
 * The realtime channel (`/api/v4/ws`): one socket, the login token as its `token` parameter (a browser
 * cannot set headers on a socket), a ping before the server's 10-minute idle limit, and a reconnect with
 * growing waits after any close (the server also ends every connection after 2 hours).
 */
export const PING_EVERY_MS = 5 * 60_000;
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 60_000;

export interface RealtimeSocketOptions {
  /** The configured URL; a path (`/api/v4/ws`) is taken on this page's host. */
  readonly url: string;
  /** The current login token, or null when signed out (no socket then). */
  readonly token: () => string | null;
  readonly onMessage: (message: RealtimeMessage) => void;
  /** Seams for tests. */
  readonly createSocket?: (url: string) => WebSocket;
  readonly location?: Pick<Location, 'protocol' | 'host'>;
}

export function socketUrlOf(url: string, token: string, location: Pick<Location, 'protocol' | 'host'>): string {
  const base = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}`;
  const full = new URL(url, base);
  full.searchParams.set('token', token);
  return full.toString();
}

/** Opens the channel and keeps it open until the answer is called. */
export function openRealtimeSocket(options: RealtimeSocketOptions): () => void {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | null = null;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const connect = () => {
    const token = options.token();
    if (stopped || token === null) return;
    const current = createSocket(socketUrlOf(options.url, token, options.location ?? window.location));
    socket = current;
    current.onopen = () => {
      retryMs = FIRST_RETRY_MS;
      pingTimer = setInterval(() => current.send(JSON.stringify({ action: 'ping' })), PING_EVERY_MS);
    };
    current.onmessage = (event: MessageEvent) => {
      let parsed: ReturnType<typeof realtimeMessageSchema.safeParse>;
      try {
        parsed = realtimeMessageSchema.safeParse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      if (parsed.success) options.onMessage(parsed.data);
    };
    current.onclose = () => {
      clearInterval(pingTimer);
      if (stopped) return;
      retryTimer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
    };
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    socket?.close();
  };
}
