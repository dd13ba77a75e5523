import { existsSync } from 'node:fs';
import path from 'node:path';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { RUNTIME_CONFIG_PATH, runtimeConfigSchema, type RuntimeConfig } from '../../shared/config/runtime-config';
import { WEB_BASE_PATH } from '../../shared/domain/constants';

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
  return new BucketDeployment(scope, id, {
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
}

export function assertSpaBuild(webDistPath: string): void {
  if (!existsSync(path.join(webDistPath, 'index.html'))) {
    throw new Error(`${webDistPath} has no index.html: run \`npm run build:web\` first`);
  }
}
