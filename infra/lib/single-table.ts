import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_SCHEMA } from '../../shared/config/table';

export interface SingleTableProps {
  readonly isProd: boolean;
}

/** The one DynamoDB table (DESIGN.md §4), keyed exactly as `TABLE_SCHEMA` says. */
export class SingleTable extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, props: SingleTableProps) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE_SCHEMA.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_SCHEMA.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: TABLE_SCHEMA.indexes.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      })),
      timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.isProd,
      // Only a dev table may disappear with its stack.
      removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}
