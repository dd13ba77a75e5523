import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { config } from './config';

/**
 * AWS SDK clients, created once per container. The endpoint comes from configuration, so the same
 * code talks to DynamoDB Local and local SQS on one machine and to AWS in the cloud.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let sqsClient: SQSClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { region, dynamodbEndpoint } = config();
    const base = new DynamoDBClient({ region, ...(dynamodbEndpoint ? { endpoint: dynamodbEndpoint } : {}) });
    documentClient = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}

/** Loaded on first use: only the groups that enqueue signals pay for the SQS client. */
export async function sqs(): Promise<SQSClient> {
  if (!sqsClient) {
    const { SQSClient: Client } = await import('@aws-sdk/client-sqs');
    const { region, sqsEndpoint } = config();
    sqsClient = new Client({ region, ...(sqsEndpoint ? { endpoint: sqsEndpoint } : {}) });
  }
  return sqsClient;
}

/** Tests and the local runtime swap in clients (e.g. with aws-sdk-client-mock for fault injection). */
export function setClientsForTests(clients: { dynamo?: DynamoDBDocumentClient; sqs?: SQSClient }): void {
  if (clients.dynamo) documentClient = clients.dynamo;
  if (clients.sqs) sqsClient = clients.sqs;
}

export function resetClients(): void {
  documentClient?.destroy();
  sqsClient?.destroy();
  documentClient = undefined;
  sqsClient = undefined;
}
