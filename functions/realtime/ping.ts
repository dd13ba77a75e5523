import { findConnection, touchConnection } from '../data/connections-repository';
import type { RealtimeMessage } from '../../shared/contracts/realtime';
import type { RealtimeRequest } from './realtime-request';

/** `{"action":"ping"}`: the SPA's keep-alive; it marks the connection as active. */
export async function ping({ connectionId }: RealtimeRequest): Promise<RealtimeMessage> {
  const owner = await findConnection(connectionId);
  if (owner) await touchConnection(owner);
  return { type: 'pong' };
}
