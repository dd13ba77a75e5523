import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { TABLE_SCHEMA } from '../../../shared/config/table';

type IndexSchema = (typeof TABLE_SCHEMA.indexes)[number];

function indexDefinition(index: IndexSchema) {
  return {
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: 'ALL' as const },
  };
}

const attribute = (name: string) => ({ AttributeName: name, AttributeType: 'S' as const });

/**
 * A table kept from an earlier run (`npm start` persists under `.data/`) gains the indexes added since,
 * one at a time (DynamoDB creates one index per UpdateTable).
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, table: TableDescription | undefined): Promise<void> {
  const present = new Set((table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  for (const index of TABLE_SCHEMA.indexes) {
    if (present.has(index.name)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [attribute(index.partitionKey), attribute(index.sortKey)],
        GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
      }),
    );
  }
}

/** Creates the single table from the shared key schema unless it exists (idempotent), with TTL on. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'existing'> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, Table);
    return 'existing';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyAttributes = [TABLE_SCHEMA.partitionKey, TABLE_SCHEMA.sortKey, ...TABLE_SCHEMA.indexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyAttributes.map(attribute),
      KeySchema: [
        { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_SCHEMA.indexes.map(indexDefinition),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true },
    }),
  );
  return 'created';
}
