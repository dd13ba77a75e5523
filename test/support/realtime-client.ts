import { WebSocket } from 'ws';
import { realtimeMessageSchema, type RealtimeMessage } from '../../shared/contracts/realtime';
import { REALTIME_PATH } from '../../shared/domain/constants';

/** A browser's socket on the local realtime channel, keeping every message it received (parsed with the channel's schema). */
export interface RealtimeClient {
  readonly received: readonly RealtimeMessage[];
  /** The first message that matches and was not taken by an earlier `next`, waiting for it if none has come yet. */
  next<T extends RealtimeMessage>(matches: (message: RealtimeMessage) => message is T): Promise<T>;
  /**
   * Sends a ping and waits for its pong: every message the server sent this socket before it answered has
   * arrived by then (one ordered connection), so a check after it sees all of them.
   */
  drained(): Promise<void>;
  close(): Promise<void>;
}

/** Opens a socket with the login token (on a franchise's host when given) and resolves once it is open. */
export function openRealtimeClient(gatewayUrl: string, token: string, host?: string): Promise<RealtimeClient> {
  const url = new URL(REALTIME_PATH, gatewayUrl.replace(/^http/, 'ws'));
  url.searchParams.set('token', token);
  const socket = new WebSocket(url.toString(), { headers: host ? { host } : {} });
  const received: RealtimeMessage[] = [];
  const taken = new Set<RealtimeMessage>();
  let waiters: { matches: (message: RealtimeMessage) => boolean; resolve: (message: RealtimeMessage) => void }[] = [];
  socket.on('message', (data) => {
    const message = realtimeMessageSchema.parse(JSON.parse(String(data)));
    received.push(message);
    const waiter = waiters.find((candidate) => candidate.matches(message));
    if (waiter) {
      waiters = waiters.filter((candidate) => candidate !== waiter);
      taken.add(message);
      waiter.resolve(message);
    }
  });
  const client: RealtimeClient = {
    received,
    next: <T extends RealtimeMessage>(matches: (message: RealtimeMessage) => message is T) => {
      const unread = received.find((message): message is T => !taken.has(message) && matches(message));
      if (unread) {
        taken.add(unread);
        return Promise.resolve(unread);
      }
      return new Promise<T>((resolve) => waiters.push({ matches, resolve: (message) => resolve(message as T) }));
    },
    drained: async () => {
      socket.send(JSON.stringify({ action: 'ping' }));
      await client.next((message): message is RealtimeMessage => message.type === 'pong');
    },
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`the socket was refused: ${response.statusCode ?? 0}`)));
    socket.once('error', reject);
  });
}
