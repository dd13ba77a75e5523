import { Stack } from 'aws-cdk-lib';
import type { WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { ENV } from '../../shared/config/env-names';
import { TABLE_SCHEMA } from '../../shared/config/table';
import { MASTER_KEY_PREFIX } from '../../functions/market/refresh/master-keys';
import { RECEIPT_KEY_PREFIX } from '../../functions/bank-transfers/receipt-keys';
import { acknowledgeWildcardResources } from './nag-findings';
import { USER_FILE_PREFIXES } from './user-files';

/**
 * Item-level access for the single-table repositories. Transactions need no actions of their own;
 * Scan and table management are deliberately absent (lists are Queries, DESIGN.md §4).
 */
export const TABLE_ITEM_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:BatchWriteItem',
] as const;

/** What a function may touch besides the JWT secret, which every function reads. */
export interface FunctionCapabilities {
  readonly tableItems: boolean;
  readonly sendsSignals: boolean;
  readonly holdsUserSecrets: boolean;
  readonly pushesRealtime: boolean;
  /** Writes uploaded files (profile pictures, white-label images). */
  readonly storesFiles: boolean;
  /** Sends mail through SES (OTPs). */
  readonly sendsMail: boolean;
  /** Reads the stored instrument master (functions that search or price instruments), or also writes it (the daily refresh). */
  readonly instrumentMaster?: 'read' | 'read-write';
  /** Writes, reads and replaces bank transfer receipt images (private: outside the served `files/` prefix). */
  readonly keepsReceipts?: boolean;
}

/** The S3 actions of each level of instrument-master access; no listing (a missing key then answers 403, read as absent). */
const INSTRUMENT_MASTER_ACTIONS: Readonly<Record<'read' | 'read-write', readonly string[]>> = {
  read: ['s3:GetObject'],
  'read-write': ['s3:GetObject', 's3:PutObject'],
};

/** The tenant's shared resources a function can be granted. */
export interface SharedResources {
  readonly table: ITableV2;
  readonly jwtSecret: ISecret;
  readonly originSecret: ISecret;
  readonly signalQueue: IQueue;
  readonly userSecretsKey: IKey;
  readonly realtimeStage: WebSocketStage;
  readonly filesBucket: IBucket;
  readonly mailFrom: string;
}

/** Grants exactly the listed capabilities, with explicit actions, and sets the matching environment. */
export function applyCapabilities(
  fn: LambdaFunction,
  capabilities: FunctionCapabilities,
  resources: SharedResources,
): void {
  allow(fn, ['secretsmanager:GetSecretValue'], [resources.jwtSecret.secretArn, resources.originSecret.secretArn]);
  if (capabilities.tableItems) {
    const tableArn = resources.table.tableArn;
    // The table and each of its indexes by name: a new index needs a deliberate grant.
    allow(fn, TABLE_ITEM_ACTIONS, [tableArn, ...TABLE_SCHEMA.indexes.map((index) => `${tableArn}/index/${index.name}`)]);
  }
  if (capabilities.sendsSignals) {
    allow(fn, ['sqs:SendMessage'], [resources.signalQueue.queueArn]);
    fn.addEnvironment(ENV.signalQueueUrl, resources.signalQueue.queueUrl);
  }
  if (capabilities.holdsUserSecrets) {
    allow(fn, ['kms:GenerateDataKey', 'kms:Decrypt'], [resources.userSecretsKey.keyArn]);
    fn.addEnvironment(ENV.secretsKeyId, resources.userSecretsKey.keyId);
  }
  if (capabilities.storesFiles) {
    const bucketArn = resources.filesBucket.bucketArn;
    allow(fn, ['s3:PutObject', 's3:DeleteObject'], USER_FILE_PREFIXES.map((prefix) => `${bucketArn}/${prefix}*`), {
      wildcardReason: 'Upload keys are built at run time per franchise and user or image type; the files/profile/ and files/whitelabel/ prefixes scope them.',
    });
    fn.addEnvironment(ENV.filesBucket, resources.filesBucket.bucketName);
  }
  if (capabilities.instrumentMaster) {
    // `master/` sits at the bucket root, outside the `files/` prefix CloudFront serves.
    allow(fn, INSTRUMENT_MASTER_ACTIONS[capabilities.instrumentMaster], [`${resources.filesBucket.bucketArn}/${MASTER_KEY_PREFIX}*`], {
      wildcardReason: 'Instrument-master keys carry the trading date (master/<date>.json), known only at run time; the master/ prefix scopes them.',
    });
    fn.addEnvironment(ENV.filesBucket, resources.filesBucket.bucketName);
  }
  if (capabilities.keepsReceipts) {
    // `receipts/` sits at the bucket root, outside the `files/` prefix CloudFront serves: read only through the API.
    allow(fn, ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], [`${resources.filesBucket.bucketArn}/${RECEIPT_KEY_PREFIX}*`], {
      wildcardReason: 'Receipt keys carry the franchise, user, claim and a random part, known only at run time; the receipts/ prefix scopes them.',
    });
    fn.addEnvironment(ENV.filesBucket, resources.filesBucket.bucketName);
  }
  if (capabilities.sendsMail) {
    allow(fn, ['ses:SendEmail'], senderIdentityArns(fn, resources.mailFrom));
    fn.addEnvironment(ENV.mailFrom, resources.mailFrom);
  }
  if (capabilities.pushesRealtime) {
    allow(fn, ['execute-api:ManageConnections'], [connectionsArn(resources.realtimeStage)], {
      wildcardReason: 'Connection ids exist only at run time (pushes POST, GET and DELETE them); the ARN is limited to this API, its live stage and @connections.',
    });
  }
}

/**
 * Adds one statement to the function's own role. A wildcard resource must come with the reason it cannot
 * be narrower: the cdk-nag finding it raises (AwsSolutions-IAM5) is then acknowledged on that role.
 */
function allow(fn: LambdaFunction, actions: readonly string[], resources: string[], options: { readonly wildcardReason?: string } = {}): void {
  fn.addToRolePolicy(new PolicyStatement({ actions: [...actions], resources }));
  if (options.wildcardReason && fn.role) acknowledgeWildcardResources(fn.role, resources, options.wildcardReason);
}

/**
 * SES authorises a send against the sender's verified identity: the address itself, or its domain when
 * only the domain is verified (tenant-config.ts, `mailFrom`). Both are granted, nothing else.
 */
function senderIdentityArns(scope: LambdaFunction, mailFrom: string): string[] {
  const domain = mailFrom.slice(mailFrom.lastIndexOf('@') + 1);
  return [mailFrom, domain].map((identity) => Stack.of(scope).formatArn({ service: 'ses', resource: 'identity', resourceName: identity }));
}

/** `POST/GET/DELETE @connections/{id}` on the realtime stage only. */
function connectionsArn(stage: WebSocketStage): string {
  return Stack.of(stage).formatArn({
    service: 'execute-api',
    resource: stage.api.apiId,
    resourceName: `${stage.stageName}/*/@connections/*`,
  });
}
