import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { ensureSignalQueues, type SignalQueues } from '../bootstrap/create-queues';
import { ensureTable } from '../bootstrap/create-table';
import { startDynamoDbLocal, type RunningEngine } from './dynamodb-local';
import { startSqsLocal } from './sqs-local';

export interface LocalEngines {
  readonly dynamodbEndpoint: string;
  readonly sqsEndpoint: string;
  readonly tableName: string;
  readonly queues: SignalQueues;
  stop(): Promise<void>;
}

export interface LocalEngineOptions {
  readonly tableName: string;
  /** Folder for DynamoDB Local's file; omitted → in memory. */
  readonly dbPath?: string;
  readonly host?: string;
  readonly queueVisibilitySeconds: number;
}

const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** Starts DynamoDB Local and the SQS engine, then creates the table and queues if missing. */
export async function startLocalEngines(options: LocalEngineOptions): Promise<LocalEngines> {
  const started: RunningEngine[] = [];
  const stopAll = async () => {
    await Promise.all(started.map((engine) => engine.stop()));
  };
  try {
    const [dynamodb, sqsEngine] = await Promise.all([
      startDynamoDbLocal(options.dbPath ? { dbPath: options.dbPath } : {}),
      startSqsLocal(options.host ? { host: options.host } : {}),
    ]);
    started.push(dynamodb, sqsEngine);
    const dynamoClient = new DynamoDBClient({ endpoint: dynamodb.endpoint, region: 'ap-south-1', credentials: localCredentials });
    const sqsClient = new SQSClient({ endpoint: sqsEngine.endpoint, region: 'ap-south-1', credentials: localCredentials });
    try {
      await ensureTable(dynamoClient, options.tableName);
      const queues = await ensureSignalQueues(sqsClient, options.queueVisibilitySeconds);
      return {
        dynamodbEndpoint: dynamodb.endpoint,
        sqsEndpoint: sqsEngine.endpoint,
        tableName: options.tableName,
        queues,
        stop: stopAll,
      };
    } finally {
      dynamoClient.destroy();
      sqsClient.destroy();
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
}
