import { deleteConnection, listIdleConnections } from '../data/connections-repository';
import { now as clockNow } from '../platform/clock';
import { config } from '../platform/config';
import { createLogger } from '../platform/logger';
import { WEBSOCKET_LIMITS } from '../../shared/config/websocket-limits';

/**
 * API Gateway closes a connection idle for 10 minutes, but its `$disconnect` is best effort: this
 * deletes the items of connections idle for longer than that, so publishing stops trying them.
 */
export async function sweepIdleConnections(now: Date): Promise<{ deleted: number }> {
  const cutoff = new Date(now.getTime() - WEBSOCKET_LIMITS.idleSeconds * 1000);
  let deleted = 0;
  for await (const connection of listIdleConnections(cutoff)) {
    await deleteConnection(connection);
    deleted += 1;
  }
  createLogger({ worker: 'realtime-connection-sweeper' }, config().logLevel).info('idle realtime connections deleted', {
    deleted,
    cutoff: cutoff.toISOString(),
  });
  return { deleted };
}

/** The schedule's entry (every 10 minutes); the EventBridge event carries nothing it needs. */
export function handler(): Promise<{ deleted: number }> {
  return sweepIdleConnections(clockNow());
}
