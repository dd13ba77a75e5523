import { existsSync } from 'node:fs';
import path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { RUNTIME_CONFIG_PATH, runtimeConfigSchema, type RuntimeConfig } from '../../shared/config/runtime-config';
import { WEB_BASE_PATH } from '../../shared/domain/constants';
import { acknowledgeLibraryPolicyWildcards } from './nag-findings';

export interface SpaDeploymentProps {
  readonly bucket: IBucket;
  readonly distribution: IDistribution;
  readonly webDistPath: string;
  readonly runtimeConfig: RuntimeConfig;
}

/** Uploads the SPA build under `platform/` with its runtime `config.json`, then invalidates the SPA paths. */
export function deploySpa(scope: Construct, id: string, props: SpaDeploymentProps): BucketDeployment {
  assertSpaBuild(props.webDistPath);
  const keyPrefix = WEB_BASE_PATH.slice(1);
  const deployment = new BucketDeployment(scope, id, {
    destinationBucket: props.bucket,
    destinationKeyPrefix: keyPrefix,
    sources: [
      Source.asset(props.webDistPath),
      // Under the `platform/` prefix, this becomes `platform/config.json` = RUNTIME_CONFIG_PATH.
      Source.jsonData(RUNTIME_CONFIG_PATH.slice(WEB_BASE_PATH.length), runtimeConfigSchema.parse(props.runtimeConfig)),
    ],
    distribution: props.distribution,
    distributionPaths: [`${WEB_BASE_PATH}*`],
    memoryLimit: 512,
  });
  acknowledgeLibraryHandler(deployment);
  return deployment;
}

/**
 * The upload runs in a handler that aws-cdk-lib creates and owns (one per stack, beside the deployment):
 * its runtime, its managed policy and its policy's wildcards are the library's, not ours to change.
 */
function acknowledgeLibraryHandler(deployment: BucketDeployment): void {
  const handler = deployment.handlerRole.node.scope;
  if (!handler) throw new Error('The BucketDeployment handler role has no enclosing function');
  Validations.of(handler).acknowledge(
    { id: 'AwsSolutions-L1', reason: 'CDK BucketDeployment custom-resource handler: aws-cdk-lib sets its runtime.' },
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'CDK BucketDeployment custom-resource handler: aws-cdk-lib creates its role with the basic execution policy.',
    },
  );
  acknowledgeLibraryPolicyWildcards(
    handler,
    'CDK BucketDeployment custom-resource handler: aws-cdk-lib grants it the asset and site buckets and the invalidation it needs.',
  );
}

export function assertSpaBuild(webDistPath: string): void {
  if (!existsSync(path.join(webDistPath, 'index.html'))) {
    throw new Error(`${webDistPath} has no index.html: run \`npm run build:web\` first`);
  }
}
