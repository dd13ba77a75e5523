import { deleteConnection, findConnection } from '../data/connections-repository';
import type { RealtimeRoute } from './realtime-request';

/** `$disconnect`: forgets the connection; API Gateway may send it more than once, or after the sweeper. */
export const disconnect: RealtimeRoute = async ({ connectionId }) => {
  const owner = await findConnection(connectionId);
  if (owner) await deleteConnection(owner);
  return { statusCode: 200 };
};
