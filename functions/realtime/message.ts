import { clientActionSchema, type ClientAction, type RealtimeMessage } from '../../shared/contracts/realtime';
import { realtimePublisher } from '../notifications/realtime-publisher';
import { ping } from './ping';
import type { RealtimeRequest, RealtimeRoute } from './realtime-request';

const ACTIONS: Readonly<Record<ClientAction['action'], (request: RealtimeRequest) => Promise<RealtimeMessage>>> = { ping };

const UNKNOWN_ACTION: RealtimeMessage = { type: 'error', message: 'Unknown action' };

function readAction(body: string): ClientAction | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = clientActionSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** `$default`: every frame the browser sends; the reply goes back over the same connection. */
export const message: RealtimeRoute = async (request) => {
  const action = readAction(request.body);
  const reply = action ? await ACTIONS[action.action](request) : UNKNOWN_ACTION;
  await realtimePublisher().send(request.connectionId, reply);
  return { statusCode: 200 };
};
