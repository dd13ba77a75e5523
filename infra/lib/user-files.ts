import { RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ACCESS_LOG_PREFIXES } from './access-logs-bucket';

/**
 * Key prefixes the functions write (profile pictures, white-label images), served under /files/. Private
 * uploads (bank transfer receipts, `receipts/`) and the instrument master (`master/`) sit at the bucket
 * root instead, outside what CloudFront serves: they are read only through the API.
 */
export const USER_FILE_PREFIXES = ['files/profile/', 'files/whitelabel/'] as const;

/** The private bucket of uploaded files; CloudFront serves it under /files/* through origin access control. */
export class UserFiles extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: { readonly isProd: boolean; readonly accessLogs: IBucket }) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.isProd,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIXES.filesBucket,
    });
  }
}
