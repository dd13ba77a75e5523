/**
 * The single table's key schema, used by the CDK stack, the local engine bootstrap and the repositories.
 * Items: PK/SK, three overloaded GSIs, TTL on `expiresAt` (epoch seconds).
 */
export const TABLE_SCHEMA = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'expiresAt',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
  ],
} as const;

export type TableIndexName = (typeof TABLE_SCHEMA.indexes)[number]['name'];
