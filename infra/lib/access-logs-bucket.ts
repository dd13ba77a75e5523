import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** How long access logs are kept before S3 expires them. */
export const ACCESS_LOG_RETENTION_DAYS = 90;

/** Where each writer puts its logs in the bucket. */
export const ACCESS_LOG_PREFIXES = {
  webBucket: 's3/web/',
  filesBucket: 's3/files/',
  cloudFront: 'cloudfront/',
} as const;

/**
 * The private bucket that receives the tenant's access logs: S3 server access logs of the site and
 * uploaded-files buckets, and CloudFront's standard logs. CloudFront delivers its logs through an object
 * ACL, so ACLs stay enabled (bucket owner preferred) instead of being switched off.
 */
export class AccessLogsBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: { readonly isProd: boolean }) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_RETENTION_DAYS) }],
      removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.isProd,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'It is the access-log destination: logging its own accesses into itself would only log the log delivery.',
    });
  }
}
