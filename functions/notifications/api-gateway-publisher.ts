import { config } from '../platform/config';
import type { RealtimePublisher } from './realtime-publisher-port';

type ManagementSdk = typeof import('@aws-sdk/client-apigatewaymanagementapi');

/**
 * Posts to connections through the WebSocket API's management endpoint (`https://…/<stage>`).
 * The SDK client loads on the first push, so a cold start that pushes nothing does not pay for it.
 */
export function createApiGatewayPublisher(): RealtimePublisher {
  const { region, realtimeEndpoint } = config();
  if (!realtimeEndpoint) throw new Error('REALTIME_ENDPOINT is not set: this function cannot push realtime messages');
  const encoder = new TextEncoder();
  let connection: Promise<{ sdk: ManagementSdk; client: InstanceType<ManagementSdk['ApiGatewayManagementApiClient']> }> | undefined;
  const connect = () => {
    connection ??= import('@aws-sdk/client-apigatewaymanagementapi').then((sdk) => ({
      sdk,
      client: new sdk.ApiGatewayManagementApiClient({ region, endpoint: realtimeEndpoint }),
    }));
    return connection;
  };
  return {
    async send(connectionId, message) {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.PostToConnectionCommand({ ConnectionId: connectionId, Data: encoder.encode(JSON.stringify(message)) }));
        return 'sent';
      } catch (error) {
        if (error instanceof sdk.GoneException) return 'gone';
        throw error;
      }
    },
  };
}
