import { beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { SIGNAL_QUEUE } from '../../shared/config/queues';
import { synthTemplate, TEST_TENANT, testConfig } from './support/test-stack';
import { type CfnResource, functionIdByDescription, referencedId, resourcesOfType } from './support/template-queries';

let dev: Template;
let prod: Template;
beforeAll(() => {
  dev = synthTemplate();
  prod = synthTemplate(
    testConfig({
      stage: 'prod',
      domainNames: ['trade.example.com'],
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    }),
  );
});

function onlyTable(template: Template): CfnResource | undefined {
  const tables = Object.values(resourcesOfType(template, 'AWS::DynamoDB::GlobalTable'));
  expect(tables).toHaveLength(1);
  return tables[0];
}

describe('single table', () => {
  it('is keyed PK/SK with GSI1, GSI2 and GSI3, TTL on expiresAt, on demand with PITR', () => {
    dev.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      GlobalSecondaryIndexes: [
        Match.objectLike({
          IndexName: 'GSI1',
          KeySchema: [
            { AttributeName: 'GSI1PK', KeyType: 'HASH' },
            { AttributeName: 'GSI1SK', KeyType: 'RANGE' },
          ],
        }),
        Match.objectLike({
          IndexName: 'GSI2',
          KeySchema: [
            { AttributeName: 'GSI2PK', KeyType: 'HASH' },
            { AttributeName: 'GSI2SK', KeyType: 'RANGE' },
          ],
        }),
        Match.objectLike({
          IndexName: 'GSI3',
          KeySchema: [
            { AttributeName: 'GSI3PK', KeyType: 'HASH' },
            { AttributeName: 'GSI3SK', KeyType: 'RANGE' },
          ],
        }),
      ],
      Replicas: [
        Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
      ],
    });
  });

  it('may be destroyed with a dev stack', () => {
    expect(onlyTable(dev)?.DeletionPolicy).toBe('Delete');
  });

  it('is protected and retained on prod', () => {
    const table = onlyTable(prod);
    expect(table?.DeletionPolicy).toBe('Retain');
    expect(table?.UpdateReplacePolicy).toBe('Retain');
    expect(table?.Properties?.Replicas).toEqual([expect.objectContaining({ DeletionProtectionEnabled: true })]);
  });

  it('keeps the site, uploaded-files and access-log buckets on prod', () => {
    const buckets = Object.values(resourcesOfType(prod, 'AWS::S3::Bucket'));
    expect(buckets.map((bucket) => bucket.DeletionPolicy)).toEqual(['Retain', 'Retain', 'Retain']);
  });
});

describe('signal queue', () => {
  it('is FIFO with a FIFO dead-letter queue kept 14 days, redriven after 5 receives', () => {
    const queues = Object.entries(resourcesOfType(dev, 'AWS::SQS::Queue'));
    const named = (name: string) => queues.find(([, q]) => q.Properties?.QueueName === name) ?? [];
    const [dlqId, dlq] = named(`${TEST_TENANT}-signals-dlq.fifo`);
    const [, queue] = named(`${TEST_TENANT}-signals.fifo`);

    expect(dlq?.Properties).toMatchObject({ FifoQueue: true, MessageRetentionPeriod: 1_209_600, SqsManagedSseEnabled: true });
    expect(queue?.Properties).toMatchObject({
      FifoQueue: true,
      VisibilityTimeout: 6 * SIGNAL_QUEUE.workerTimeoutSeconds,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { maxReceiveCount: 5 },
    });
    const redrive = queue?.Properties?.RedrivePolicy as { deadLetterTargetArn: unknown };
    expect(dlqId).toBeDefined();
    expect(referencedId(redrive.deadLetterTargetArn)).toBe(dlqId);
  });

  it('feeds the signal worker in batches with partial batch failures', () => {
    const workerId = functionIdByDescription(dev, `TradeBridge ${TEST_TENANT} signal worker`);
    const worker = resourcesOfType(dev, 'AWS::Lambda::Function')[workerId];
    expect(worker?.Properties).toMatchObject({ Timeout: SIGNAL_QUEUE.workerTimeoutSeconds, Runtime: 'nodejs24.x' });
    dev.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId },
      BatchSize: SIGNAL_QUEUE.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });
});
