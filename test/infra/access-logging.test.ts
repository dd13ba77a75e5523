import { beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { synthTemplate } from './support/test-stack';
import { type CfnResource, referencedId, resourcesOfType } from './support/template-queries';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

function stageNamed(name: string): CfnResource | undefined {
  return Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Stage')).find((stage) => stage.Properties?.StageName === name);
}

/** The logical id of the one bucket that receives the access logs (the one with lifecycle expiry). */
function logsBucketId(): string {
  const ids = Object.entries(resourcesOfType(template, 'AWS::S3::Bucket'))
    .filter(([, bucket]) => bucket.Properties?.LifecycleConfiguration !== undefined)
    .map(([id]) => id);
  expect(ids).toHaveLength(1);
  return ids[0] ?? '';
}

/** The stage's access log: its fields, and the log group it goes to. */
function accessLogOf(stageName: string): { fields: Record<string, string>; logGroup: CfnResource | undefined } {
  const settings = stageNamed(stageName)?.Properties?.AccessLogSettings as { DestinationArn: unknown; Format: string };
  const logGroup = resourcesOfType(template, 'AWS::Logs::LogGroup')[referencedId(settings.DestinationArn) ?? ''];
  return { fields: JSON.parse(settings.Format) as Record<string, string>, logGroup };
}

describe('API access logs', () => {
  it('logs every HTTP API request as JSON into a log group kept as long as the tenant logs', () => {
    const { fields, logGroup } = accessLogOf('$default');
    expect(fields).toEqual({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      requestTime: '$context.requestTime',
      httpMethod: '$context.httpMethod',
      routeKey: '$context.routeKey',
      status: '$context.status',
      responseLength: '$context.responseLength',
      integrationLatency: '$context.integrationLatency',
    });
    expect(logGroup?.Properties?.RetentionInDays).toBe(14);
  });

  it('leaves the WebSocket stage without access logs (they need the account-wide API Gateway role; the handler logs each event)', () => {
    expect(stageNamed('live')?.Properties?.AccessLogSettings).toBeUndefined();
  });
});

describe('access-log bucket', () => {
  it('is private, encrypted, TLS-only, expires logs after 90 days and keeps ACLs for CloudFront', () => {
    const bucket = resourcesOfType(template, 'AWS::S3::Bucket')[logsBucketId()];
    expect(bucket?.Properties).toMatchObject({
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LifecycleConfiguration: { Rules: [{ ExpirationInDays: 90, Status: 'Enabled' }] },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logsBucketId() },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('receives the server access logs of the site and uploaded-files buckets, each under its prefix', () => {
    const prefixes = Object.values(resourcesOfType(template, 'AWS::S3::Bucket'))
      .map((bucket) => bucket.Properties?.LoggingConfiguration as { DestinationBucketName: unknown; LogFilePrefix: string } | undefined)
      .filter((logging) => logging !== undefined)
      .map((logging) => ({ bucket: referencedId(logging.DestinationBucketName), prefix: logging.LogFilePrefix }));
    expect(prefixes.sort((a, b) => a.prefix.localeCompare(b.prefix))).toEqual([
      { bucket: logsBucketId(), prefix: 's3/files/' },
      { bucket: logsBucketId(), prefix: 's3/web/' },
    ]);
  });

  it('receives CloudFront standard logs under cloudfront/', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Logging: { Bucket: { 'Fn::GetAtt': [logsBucketId(), 'RegionalDomainName'] }, Prefix: 'cloudfront/' },
      }),
    });
  });
});
