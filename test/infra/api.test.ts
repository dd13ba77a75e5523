import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { ALL_CONTRACTS } from '../../shared/contracts/all';
import { ROUTE_GROUP_NAMES, ROUTE_GROUPS, type RouteGroupName } from '../../shared/contracts/route-groups';
import { synthTemplate, TEST_TENANT } from './support/test-stack';
import { functionIdByDescription, referencedId, resourcesOfType } from './support/template-queries';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

const groupDescription = (group: RouteGroupName): string => `TradeBridge ${TEST_TENANT} route group ${group}`;

/** Route key → logical id of the Lambda function its integration invokes, for the HTTP API only. */
function httpRouteTargets(): Map<string, string> {
  const apis = Object.entries(resourcesOfType(template, 'AWS::ApiGatewayV2::Api'));
  const httpApiId = apis.find(([, api]) => api.Properties?.ProtocolType === 'HTTP')?.[0];
  const integrations = resourcesOfType(template, 'AWS::ApiGatewayV2::Integration');
  const targets = new Map<string, string>();
  for (const route of Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Route'))) {
    if (referencedId(route.Properties?.ApiId) !== httpApiId) continue;
    const target = route.Properties?.Target as { 'Fn::Join': [string, [string, unknown]] };
    const integration = integrations[referencedId(target['Fn::Join'][1][1]) ?? ''];
    targets.set(String(route.Properties?.RouteKey), referencedId(integration?.Properties?.IntegrationUri) ?? 'none');
  }
  return targets;
}

describe('route group functions', () => {
  it.each(ROUTE_GROUP_NAMES)('%s runs on nodejs24.x, arm64, 512 MB, 10 s', (group) => {
    const id = functionIdByDescription(template, groupDescription(group));
    const fn = resourcesOfType(template, 'AWS::Lambda::Function')[id];
    expect(fn?.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      MemorySize: 512,
      Timeout: 10,
      Handler: 'index.handler',
    });
    expect(Object.keys((fn?.Properties?.Environment as { Variables: object }).Variables)).toEqual(
      expect.arrayContaining(['TABLE_NAME', 'JWT_SECRET_ARN', 'STAGE', 'DEFAULT_FRANCHISE_ID', 'FRANCHISE_HOSTS', 'REALTIME_ENDPOINT']),
    );
  });
});

describe('every TradeBridge function', () => {
  it('runs on nodejs24.x, the latest Node.js runtime', () => {
    // Ours are the functions with the tenant environment; the CDK deployment handler is not.
    const ours = Object.values(resourcesOfType(template, 'AWS::Lambda::Function')).filter((fn) =>
      JSON.stringify(fn.Properties?.Environment ?? {}).includes('TABLE_NAME'),
    );
    expect(ours.length).toBeGreaterThan(ROUTE_GROUP_NAMES.length);
    for (const fn of ours) expect(fn.Properties?.Runtime, String(fn.Properties?.Description)).toBe('nodejs24.x');
  });
});

describe('HTTP API routes', () => {
  it('has a route for every contract, invoking its group function', () => {
    const targets = httpRouteTargets();
    for (const contract of ALL_CONTRACTS) {
      const key = `${contract.method} /api/v4${contract.path}`;
      expect(targets.get(key), key).toBe(functionIdByDescription(template, groupDescription(contract.group)));
    }
  });

  it('has a catch-all for every group prefix, invoking that group', () => {
    const targets = httpRouteTargets();
    for (const group of ROUTE_GROUP_NAMES) {
      for (const prefix of ROUTE_GROUPS[group].prefixes) {
        const key = `ANY /api/v4${prefix}/{proxy+}`;
        expect(targets.get(key), key).toBe(functionIdByDescription(template, groupDescription(group)));
      }
    }
  });

  it('sends $default to the meta group', () => {
    expect(httpRouteTargets().get('$default')).toBe(functionIdByDescription(template, groupDescription('meta')));
  });

  it('has no route without a contract, a group catch-all or $default', () => {
    const allowed = new Set([
      '$default',
      ...ALL_CONTRACTS.map((contract) => `${contract.method} /api/v4${contract.path}`),
      ...ROUTE_GROUP_NAMES.flatMap((group) => ROUTE_GROUPS[group].prefixes.map((p) => `ANY /api/v4${p}/{proxy+}`)),
    ]);
    const unexpected = [...httpRouteTargets().keys()].filter((key) => !allowed.has(key));
    expect(unexpected).toEqual([]);
  });

  it('grants API Gateway one invoke permission per group function, not one per route', () => {
    const apiPermissions = Object.values(resourcesOfType(template, 'AWS::Lambda::Permission')).filter(
      (permission) => JSON.stringify(permission.Properties?.SourceArn ?? '').includes('/*/*/*'),
    );
    expect(apiPermissions).toHaveLength(ROUTE_GROUP_NAMES.length);
  });

  it('serves one auto-deployed, throttled $default stage without CORS', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
    });
    const httpApi = Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Api')).find(
      (api) => api.Properties?.ProtocolType === 'HTTP',
    );
    expect(httpApi?.Properties?.CorsConfiguration).toBeUndefined();
  });
});
