import { deleteConnection, listUserConnections, type ConnectionRecord } from '../data/connections-repository';
import { config } from '../platform/config';
import { createLogger } from '../platform/logger';
import { createApiGatewayPublisher } from './api-gateway-publisher';
import { realtimeMessageSchema, type RealtimeMessage } from '../../shared/contracts/realtime';
import type { RealtimePublisher } from './realtime-publisher-port';

let current: RealtimePublisher | undefined;

/** The publisher of this container: API Gateway's, created on first use, unless one was set. */
export function realtimePublisher(): RealtimePublisher {
  current ??= createApiGatewayPublisher();
  return current;
}

/** The local runtime swaps in its own adapter; the answer puts the previous one back. */
export function setRealtimePublisher(next: RealtimePublisher | undefined): () => void {
  const previous = current;
  current = next;
  return () => {
    if (current === next) current = previous;
  };
}

async function deliver(connection: ConnectionRecord, message: RealtimeMessage): Promise<boolean> {
  try {
    const outcome = await realtimePublisher().send(connection.connectionId, message);
    if (outcome === 'gone') await deleteConnection(connection);
    return outcome === 'sent';
  } catch (error) {
    createLogger({ component: 'realtime' }, config().logLevel).warn('realtime delivery failed', {
      connectionId: connection.connectionId,
      error,
    });
    return false;
  }
}

/**
 * Sends a message to every open connection of a user and forgets connections that are gone.
 * Answers how many connections it reached; a failure on one connection does not stop the others.
 */
export async function publishToUser(frchId: number, userId: number, message: RealtimeMessage): Promise<number> {
  return publishToConnections(await listUserConnections(frchId, userId), message);
}

/** Sends a message to connections already read (a caller that read them ahead, beside other work). */
export async function publishToConnections(connections: readonly ConnectionRecord[], message: RealtimeMessage): Promise<number> {
  const checked = realtimeMessageSchema.parse(message);
  const outcomes = await Promise.all(connections.map((connection) => deliver(connection, checked)));
  return outcomes.filter(Boolean).length;
}
