import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from '../config';
import type { RealtimePublisher } from './publisher';

/** Posts to connections through the WebSocket API's management endpoint (`https://…/<stage>`). */
export function createApiGatewayPublisher(): RealtimePublisher {
  const { region, realtimeEndpoint } = config();
  if (!realtimeEndpoint) throw new Error('REALTIME_ENDPOINT is not set: this function cannot push realtime messages');
  const client = new ApiGatewayManagementApiClient({ region, endpoint: realtimeEndpoint });
  const encoder = new TextEncoder();
  return {
    async send(connectionId, message) {
      try {
        await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: encoder.encode(JSON.stringify(message)) }));
        return 'sent';
      } catch (error) {
        if (error instanceof GoneException) return 'gone';
        throw error;
      }
    },
  };
}
