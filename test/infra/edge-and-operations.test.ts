import { beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { SCHEDULES } from '../../shared/config/schedules';
import { contentSecurityPolicy } from '../../shared/config/site-security';
import { synthTemplate, testConfig } from './support/test-stack';
import { resourcesOfType } from './support/template-queries';

/** Ids of CloudFront's managed policies. */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

interface CacheBehavior {
  PathPattern: string;
  CachePolicyId: string;
  OriginRequestPolicyId?: string;
  AllowedMethods?: string[];
}

function cacheBehaviors(): CacheBehavior[] {
  const [distribution] = Object.values(resourcesOfType(template, 'AWS::CloudFront::Distribution'));
  const config = distribution?.Properties?.DistributionConfig as { CacheBehaviors: CacheBehavior[] };
  return config.CacheBehaviors;
}

describe('web distribution', () => {
  it('serves the SPA under /platform/* from S3 with the SPA rewrite', () => {
    const spa = cacheBehaviors().find((behavior) => behavior.PathPattern === '/platform/*');
    expect(spa).toMatchObject({ CachePolicyId: CACHING_OPTIMIZED, FunctionAssociations: [{ EventType: 'viewer-request' }] });
  });

  it('sends /api/v4/* to the HTTP API uncached, with every method and viewer header but Host', () => {
    const api = cacheBehaviors().find((behavior) => behavior.PathPattern === '/api/v4/*');
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
    });
  });

  it('keeps the bucket private and reachable only through origin access control', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
  });

  it('serves uploaded files under /files/* from their private bucket, cached by path and version', () => {
    const files = cacheBehaviors().find((behavior) => behavior.PathPattern === '/files/*');
    expect(files).toBeDefined();
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['v'] },
        }),
      }),
    });
  });

  it('serves the realtime socket at /api/v4/ws on the same origin, matched before /api/v4/*', () => {
    const behaviors = cacheBehaviors();
    const realtimeIndex = behaviors.findIndex((behavior) => behavior.PathPattern === '/api/v4/ws');
    expect(realtimeIndex).toBeGreaterThanOrEqual(0);
    expect(realtimeIndex).toBeLessThan(behaviors.findIndex((behavior) => behavior.PathPattern === '/api/v4/*'));
    expect(behaviors[realtimeIndex]).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      FunctionAssociations: [{ EventType: 'viewer-request' }],
    });
  });

  it('passes the viewer host to the API and the socket in the tenant-host header', () => {
    const codes = Object.values(resourcesOfType(template, 'AWS::CloudFront::Function')).map((fn) => String(fn.Properties?.FunctionCode));
    expect(codes.filter((code) => code.includes("request.headers['x-tenant-host'] = { value: request.headers.host.value }"))).toHaveLength(2);
    expect(codes.some((code) => code.includes("request.uri = '/live'"))).toBe(true);
    expect(codes.filter((code) => code.includes("request.headers['x-viewer-ip'] = { value: event.viewer.ip }"))).toHaveLength(2);
    const api = cacheBehaviors().find((behavior) => behavior.PathPattern === '/api/v4/*');
    expect(api).toMatchObject({ FunctionAssociations: [{ EventType: 'viewer-request' }] });
  });

  it('sends the API and the realtime socket the origin secret from Secrets Manager (never its value), which every function can read by ARN', () => {
    const [distribution] = Object.values(resourcesOfType(template, 'AWS::CloudFront::Distribution'));
    const origins = (distribution?.Properties?.DistributionConfig as { Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[] }).Origins;
    const withSecret = origins.filter((origin) => origin.OriginCustomHeaders?.some((header) => header.HeaderName === 'x-origin-verify'));
    expect(withSecret).toHaveLength(2);
    for (const origin of withSecret) {
      const value = JSON.stringify(origin.OriginCustomHeaders?.[0]?.HeaderValue);
      expect(value).toContain('{{resolve:secretsmanager:');
      expect(value).toMatch(/OriginSecret/);
    }
    const functions = Object.values(resourcesOfType(template, 'AWS::Lambda::Function')).filter((fn) => JSON.stringify(fn.Properties?.Environment ?? {}).includes('TABLE_NAME'));
    expect(functions.length).toBeGreaterThan(5);
    for (const fn of functions) expect(JSON.stringify(fn.Properties?.Environment), JSON.stringify(fn.Properties?.Description)).toMatch(/ORIGIN_SECRET_ARN.*OriginSecret/);
  });

  it('uses JS 2.0 viewer-request functions and the security headers policy', () => {
    template.resourcePropertiesCountIs(
      'AWS::CloudFront::Function',
      { FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }) },
      4,
    );
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: Match.objectLike({
            ContentSecurityPolicy: contentSecurityPolicy({ captcha: false }),
          }),
          FrameOptions: Match.objectLike({ FrameOption: 'DENY' }),
          StrictTransportSecurity: Match.objectLike({ IncludeSubdomains: true }),
        }),
      },
    });
  });

  it('deploys the SPA build and its runtime config under platform/ and invalidates it', () => {
    const [deployment] = Object.values(resourcesOfType(template, 'Custom::CDKBucketDeployment'));
    expect(deployment?.Properties).toMatchObject({
      DestinationBucketKeyPrefix: 'platform/',
      DistributionPaths: ['/platform/*'],
      Prune: true,
    });
    // The build folder, then config.json whose realtimeUrl is filled in at deploy time.
    expect(deployment?.Properties?.SourceObjectKeys).toHaveLength(2);
    expect(deployment?.Properties?.SourceMarkersConfig).toEqual([{}, { jsonEscape: true }]);
  });
});

describe('viewer TLS', () => {
  it('requires TLS 1.2 (2021 policy) with SNI when the tenant has its own domain and certificate', () => {
    const withDomain = synthTemplate(
      testConfig({ domainNames: ['trade.example.com'], certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' }),
    );
    withDomain.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['trade.example.com'],
        ViewerCertificate: { AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc', MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      }),
    });
  });
});

describe('realtime', () => {
  it('is a WebSocket API with $connect, $disconnect and $default on an auto-deployed live stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    for (const routeKey of ['$connect', '$disconnect', '$default']) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: routeKey,
        Target: Match.anyValue(),
        ApiId: { Ref: Match.stringLikeRegexp('^Realtime') },
      });
    }
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'live', AutoDeploy: true });
  });
});

describe('operations', () => {
  it('has one rate rule per schedule', () => {
    template.resourceCountIs('AWS::Events::Rule', SCHEDULES.length);
    for (const schedule of SCHEDULES) {
      template.hasResourceProperties('AWS::Events::Rule', {
        // EventBridge spells a single unit in the singular: rate(1 minute).
        ScheduleExpression: `rate(${schedule.everyMinutes} ${schedule.everyMinutes === 1 ? 'minute' : 'minutes'})`,
        State: 'ENABLED',
      });
    }
  });

  it('alarms on dead letters, API 5xx and signal worker errors, by email', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'alerts@example.com' });
    const alarms = Object.values(resourcesOfType(template, 'AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties);
    expect(alarms.map((alarm) => [alarm?.MetricName, alarm?.Threshold]).sort()).toEqual([
      ['5xx', 5],
      ['ApproximateNumberOfMessagesVisible', 1],
      ['Errors', 1],
    ]);
    for (const alarm of alarms) {
      expect(alarm?.AlarmActions).toHaveLength(1);
      expect(alarm?.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
    }
  });

  it('accepts alarm notifications over TLS only', () => {
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 'sns:Publish', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('outputs the site, API, WebSocket, table and queue addresses', () => {
    const outputs = Object.keys(template.findOutputs('*'));
    expect(outputs).toEqual(
      expect.arrayContaining(['SiteUrl', 'ApiEndpoint', 'WebSocketUrl', 'TableName', 'SignalQueueUrl', 'SignalDeadLetterQueueUrl']),
    );
  });
});
