import { beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { build } from 'esbuild';
import { Template } from 'aws-cdk-lib/assertions';
import type { EgressPool } from '../../infra/egress/egress-pool';
import { EGRESS_ENV } from '../../functions/platform/config';
import { EGRESS_PROXY_PORT } from '../../infra/egress/egress-network';
import { maxSlotsPerHost, slotsByInterface } from '../../infra/egress/instance-capacity';
import { SLOT_TAG } from '../../infra/egress/proxy-host';
import { stackNameFor, TradeBridgeStack } from '../../infra/lib/tradebridge-stack';
import { BROKER_CALLING_GROUPS } from '../../infra/lib/route-group-functions';
import { BROKER_CALLING_SCHEDULES } from '../../infra/lib/schedules';
import { SCHEDULES } from '../../shared/config/schedules';
import { ROUTE_GROUP_NAMES } from '../../shared/contracts/route-groups';
import { scanWithAwsSolutions } from './support/security-scan';
import { fakeWebDist, synthTemplate, TEST_TENANT, testConfig } from './support/test-stack';
import { actionsOf, type CfnResource, functionIdByDescription, referencedId, resourcesOfType, statementsOfFunctionRole } from './support/template-queries';

const HOSTS_PER_AZ = 2;
const SLOTS_PER_HOST = 12;
const HOSTS = HOSTS_PER_AZ * 2;

/** The tenant stack (functions), the pool's nested stack (network, secret) and one template per host. */
let template: Template;
let pool: Template;
let hosts: Template[];
let withoutPool: Template;
beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const config = testConfig({ egressPool: { hostsPerAz: HOSTS_PER_AZ, slotsPerHost: SLOTS_PER_HOST, ipv6: { slotsPerHost: 5 } } });
  const stack = new TradeBridgeStack(app, stackNameFor(TEST_TENANT), { config, webDistPath: fakeWebDist() });
  const egress = stack.node.findChild('Egress') as EgressPool;
  template = Template.fromStack(stack);
  pool = Template.fromStack(egress);
  hosts = egress.hosts.map((host) => Template.fromStack(host));
  withoutPool = synthTemplate();
});

/** Resources of a type across the pool's and its hosts' templates. */
const poolResources = (type: string) => Object.assign({}, ...[pool, ...hosts].map((part) => resourcesOfType(part, type))) as Record<string, CfnResource>;

const tagsOf = (resource: CfnResource | undefined) => (resource?.Properties?.Tags as { Key: string; Value: string }[] | undefined) ?? [];
const tagValue = (resource: CfnResource | undefined, key: string) => tagsOf(resource).find((tag) => tag.Key === key)?.Value;

/** What a host template's `{ Ref: <parameter> }` is in the pool template (the value the pool passes in). */
function inPool(hostIndex: number, value: unknown): unknown {
  const parameter = referencedId(value);
  const stackResources = Object.values(resourcesOfType(pool, 'AWS::CloudFormation::Stack'));
  const passed = stackResources.map((resource) => resource.Properties?.Parameters as Record<string, unknown>);
  const hostParameters = Object.keys(hosts[hostIndex]?.toJSON().Parameters ?? {});
  const own = passed.filter((parameters) => hostParameters.every((name) => name in (parameters ?? {})));
  return parameter && own.length > 0 ? (own[0]?.[parameter] ?? value) : value;
}

/** What a tenant-stack `{ Fn::GetAtt: [<pool stack>, Outputs.<name>] }` is in the pool template. */
function fromPool(value: unknown): unknown {
  const attribute = (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']?.[1];
  if (!attribute?.startsWith('Outputs.')) return value;
  return (pool.toJSON().Outputs as Record<string, { Value: unknown }>)[attribute.slice('Outputs.'.length)]?.Value;
}

function securityGroupId(description: string): string {
  const matches = Object.entries(resourcesOfType(pool, 'AWS::EC2::SecurityGroup')).filter(([, group]) => String(group.Properties?.GroupDescription).startsWith(description));
  expect(matches).toHaveLength(1);
  return matches[0]?.[0] ?? '';
}
const proxyGroup = () => securityGroupId('Egress proxies');
const functionGroup = () => securityGroupId('Lambdas that call brokers');

/** The subnet type CDK tags each subnet of the pool's VPC with (`Public`, `Private`). */
function subnetType(subnetId: string | undefined): string | undefined {
  return tagValue(resourcesOfType(pool, 'AWS::EC2::Subnet')[subnetId ?? ''], 'aws-cdk:subnet-type');
}

function vpcConfigOf(description: string): { SubnetIds: unknown[]; SecurityGroupIds: unknown[] } | undefined {
  const fn = resourcesOfType(template, 'AWS::Lambda::Function')[functionIdByDescription(template, description)];
  return fn?.Properties?.VpcConfig as { SubnetIds: unknown[]; SecurityGroupIds: unknown[] } | undefined;
}

const brokerCallers = [
  ...[...BROKER_CALLING_GROUPS].map((group) => `TradeBridge ${TEST_TENANT} route group ${group}`),
  ...[...BROKER_CALLING_SCHEDULES].map((schedule) => `TradeBridge ${TEST_TENANT} schedule ${schedule}`),
  `TradeBridge ${TEST_TENANT} signal worker`,
];

describe('egress pool: proxy hosts and slots', () => {
  it('puts the hosts in public subnets of two AZs, each host in one AZ', () => {
    expect(hosts).toHaveLength(HOSTS);
    const subnets = resourcesOfType(pool, 'AWS::EC2::Subnet');
    const zones = new Set<string>();
    hosts.forEach((host, index) => {
      expect(Object.keys(resourcesOfType(host, 'AWS::EC2::Instance'))).toHaveLength(1);
      const interfaces = Object.values(resourcesOfType(host, 'AWS::EC2::NetworkInterface'));
      const hostSubnets = new Set(interfaces.map((eni) => referencedId(inPool(index, eni.Properties?.SubnetId))));
      expect(hostSubnets.size).toBe(1);
      const [subnetId] = [...hostSubnets];
      expect(subnetType(subnetId)).toBe('Public');
      zones.add(JSON.stringify(subnets[subnetId ?? '']?.Properties?.AvailabilityZone));
    });
    expect(zones.size).toBe(2);
  });

  it('gives every slot an Elastic IP associated with a distinct secondary private IPv4', () => {
    let slots = 0;
    for (const host of hosts) {
      const addresses = resourcesOfType(host, 'AWS::EC2::EIP');
      const slotAddressIds = Object.keys(addresses).filter((id) => tagValue(addresses[id], SLOT_TAG) !== undefined);
      expect(slotAddressIds).toHaveLength(SLOTS_PER_HOST);
      const slotAssociations = Object.values(resourcesOfType(host, 'AWS::EC2::EIPAssociation')).filter((association) =>
        slotAddressIds.includes(referencedId(association.Properties?.AllocationId) ?? ''),
      );
      const bindings = slotAssociations.map((association) => {
        const select = (association.Properties?.PrivateIpAddress as { 'Fn::Select': [number, { 'Fn::GetAtt': [string, string] }] })['Fn::Select'];
        expect(select[1]['Fn::GetAtt'][1]).toBe('SecondaryPrivateIpAddresses');
        expect(referencedId(association.Properties?.NetworkInterfaceId)).toBe(select[1]['Fn::GetAtt'][0]);
        return `${select[1]['Fn::GetAtt'][0]}#${select[0]}`;
      });
      expect(new Set(bindings).size).toBe(SLOTS_PER_HOST);
      slots += bindings.length;
      // m5.large: 9 slots on the first interface, 3 on the second.
      expect(Object.values(resourcesOfType(host, 'AWS::EC2::NetworkInterface')).map((eni) => eni.Properties?.SecondaryPrivateIpAddressCount)).toEqual([9, 3]);
    }
    expect(slots).toBe(HOSTS * SLOTS_PER_HOST);
    expect(slotsByInterface('m5.large', SLOTS_PER_HOST)).toEqual([9, 3]);
  });

  it('publishes each interface\'s slots as a JSON manifest in SSM for import-ip-pool.ts', () => {
    for (const host of hosts) {
      const parameters = Object.values(resourcesOfType(host, 'AWS::SSM::Parameter'));
      expect(parameters.map((parameter) => String(parameter.Properties?.Name).replace(/^.*\//, ''))).toEqual(['ipv4-eth0', 'ipv4-eth1']);
      for (const parameter of parameters) {
        expect(String(parameter.Properties?.Name)).toMatch(new RegExp(`^/tradebridge/${TEST_TENANT}/egress/${TEST_TENANT}-egress-[ab][12]/`));
        const text = JSON.stringify(parameter.Properties?.Value);
        for (const field of ['address', 'bind_address', 'proxy_url', 'version']) expect(text).toContain(`\\"${field}\\"`);
        expect(text).toContain(`:${EGRESS_PROXY_PORT}`);
        expect(text).toContain('\\"IPv4\\"');
      }
      const slotsInManifests = parameters.map((parameter) => JSON.stringify(parameter.Properties?.Value).match(/SecondaryPrivateIpAddresses/g)?.length ?? 0);
      expect(slotsInManifests).toEqual([9, 3]);
    }
  });

  it('delegates an IPv6 prefix to the first interface of each host when IPv6 slots are on', () => {
    for (const host of hosts) {
      const interfaces = Object.values(resourcesOfType(host, 'AWS::EC2::NetworkInterface'));
      expect(interfaces.map((eni) => eni.Properties?.Ipv6PrefixCount)).toEqual([1, undefined]);
    }
    expect(Object.keys(resourcesOfType(withoutPool, 'AWS::EC2::VPC'))).toHaveLength(0);
    expect(Object.keys(resourcesOfType(withoutPool, 'AWS::CloudFormation::Stack'))).toHaveLength(0);
  });
});

describe('egress pool: security groups', () => {
  it('admits only the broker-calling Lambdas, on the proxy port', () => {
    const proxy = resourcesOfType(pool, 'AWS::EC2::SecurityGroup')[proxyGroup()];
    expect(proxy?.Properties?.SecurityGroupIngress).toBeUndefined();
    const ingress = Object.values(resourcesOfType(pool, 'AWS::EC2::SecurityGroupIngress')).filter((rule) => referencedId(rule.Properties?.GroupId) === proxyGroup());
    expect(
      ingress.map((rule) => ({ source: referencedId(rule.Properties?.SourceSecurityGroupId), from: rule.Properties?.FromPort, to: rule.Properties?.ToPort, protocol: rule.Properties?.IpProtocol })),
    ).toEqual([{ source: functionGroup(), from: EGRESS_PROXY_PORT, to: EGRESS_PROXY_PORT, protocol: 'tcp' }]);
    hosts.forEach((host, index) => {
      for (const eni of Object.values(resourcesOfType(host, 'AWS::EC2::NetworkInterface'))) {
        expect((eni.Properties?.GroupSet as unknown[]).map((group) => referencedId(inPool(index, group)))).toEqual([proxyGroup()]);
      }
    });
  });

  it('lets the proxies out on HTTPS only', () => {
    const proxy = resourcesOfType(pool, 'AWS::EC2::SecurityGroup')[proxyGroup()];
    const egress = proxy?.Properties?.SecurityGroupEgress as { FromPort: number; ToPort: number; IpProtocol: string }[];
    expect(egress.length).toBeGreaterThan(0);
    for (const rule of egress) expect([rule.IpProtocol, rule.FromPort, rule.ToPort]).toEqual(['tcp', 443, 443]);
    const separate = Object.values(resourcesOfType(pool, 'AWS::EC2::SecurityGroupEgress')).filter((rule) => referencedId(rule.Properties?.GroupId) === proxyGroup());
    expect(separate).toEqual([]);
  });
});

describe('egress pool: the functions that call brokers', () => {
  it('run in the private subnets with the security group the proxies admit', () => {
    for (const description of brokerCallers) {
      const vpcConfig = vpcConfigOf(description);
      expect(vpcConfig, description).toBeDefined();
      expect(vpcConfig?.SecurityGroupIds.map((group) => referencedId(fromPool(group))), description).toEqual([functionGroup()]);
      expect(vpcConfig?.SubnetIds, description).toHaveLength(2);
      for (const subnet of vpcConfig?.SubnetIds ?? []) expect(subnetType(referencedId(fromPool(subnet))), description).toBe('Private');
    }
  });

  it('include every function whose bundle uses the egress client', async () => {
    const usesEgress = async (entry: string) => {
      const result = await build({ entryPoints: [`functions/${entry}`], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', external: ['@aws-sdk/*', '@node-rs/argon2', '*.node'], logLevel: 'silent' });
      return Object.keys(result.metafile.inputs).some((input) => input.startsWith('functions/platform/egress/'));
    };
    const entries = [
      ...ROUTE_GROUP_NAMES.map((group) => ({ entry: `${group}/index.ts`, listed: BROKER_CALLING_GROUPS.has(group), name: `route group ${group}` })),
      ...SCHEDULES.map((schedule) => ({ entry: schedule.module, listed: BROKER_CALLING_SCHEDULES.has(schedule.name), name: `schedule ${schedule.name}` })),
    ];
    const missing: string[] = [];
    for (const { entry, listed, name } of entries) if (!listed && (await usesEgress(entry))) missing.push(name);
    expect(missing).toEqual([]);
    expect(await usesEgress('workers/signal-worker.ts')).toBe(true);
  });

  it('leaves every other function outside the VPC, and all of them without a pool', () => {
    for (const group of ROUTE_GROUP_NAMES.filter((name) => !BROKER_CALLING_GROUPS.has(name))) {
      expect(vpcConfigOf(`TradeBridge ${TEST_TENANT} route group ${group}`), group).toBeUndefined();
    }
    for (const fn of Object.values(resourcesOfType(withoutPool, 'AWS::Lambda::Function'))) expect(fn.Properties?.VpcConfig).toBeUndefined();
  });

  it('keeps DynamoDB and S3 on free gateway endpoints', () => {
    const endpoints = Object.values(resourcesOfType(pool, 'AWS::EC2::VPCEndpoint'));
    const services = endpoints.map((endpoint) => JSON.stringify(endpoint.Properties?.ServiceName));
    expect(services.some((name) => name.includes('dynamodb'))).toBe(true);
    expect(services.some((name) => name.includes('.s3'))).toBe(true);
    for (const endpoint of endpoints) expect(endpoint.Properties?.VpcEndpointType).toBe('Gateway');
  });

  it('are granted the egress secret by ARN, and nothing else is', () => {
    const secretId = Object.entries(resourcesOfType(pool, 'AWS::SecretsManager::Secret')).find(([, secret]) => String(secret.Properties?.Description).includes('egress proxy tokens'))?.[0];
    expect(secretId).toBeDefined();
    const reads = (id: string) =>
      statementsOfFunctionRole(template, id).some(
        (statement) => actionsOf(statement).includes('secretsmanager:GetSecretValue') && [statement.Resource].flat().some((resource) => referencedId(fromPool(resource)) === secretId),
      );
    for (const description of brokerCallers) {
      const id = functionIdByDescription(template, description);
      const environment = (resourcesOfType(template, 'AWS::Lambda::Function')[id]?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(referencedId(fromPool(environment[EGRESS_ENV.secretArn])), description).toBe(secretId);
      expect(reads(id), description).toBe(true);
    }
    expect(reads(functionIdByDescription(template, `TradeBridge ${TEST_TENANT} route group auth`))).toBe(false);
  });

  it('lets the hosts read the secret and their one bundle object, nothing wider', () => {
    const hostStatements = Object.values(resourcesOfType(pool, 'AWS::IAM::Policy')).flatMap(
      (policy) => (policy.Properties?.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement,
    );
    const secretId = Object.keys(resourcesOfType(pool, 'AWS::SecretsManager::Secret'))[0];
    const byAction = (action: string) => hostStatements.filter((statement) => [statement.Action].flat().includes(action));
    expect(byAction('secretsmanager:GetSecretValue').map((statement) => referencedId(statement.Resource))).toEqual([secretId]);
    expect(byAction('s3:GetObject')).toHaveLength(1);
    expect(JSON.stringify(byAction('s3:GetObject')[0]?.Resource)).not.toMatch(/\/\*"/);
    expect(hostStatements.flatMap((statement) => [statement.Action].flat()).filter((action) => action.includes('*'))).toEqual([]);
  });
});

describe('egress pool: health', () => {
  it('recovers a host on a failed system check, reboots it on a failed instance check, and notifies', () => {
    for (const host of hosts) {
      const alarms = Object.values(resourcesOfType(host, 'AWS::CloudWatch::Alarm'));
      const instanceId = Object.keys(resourcesOfType(host, 'AWS::EC2::Instance'))[0];
      for (const [metric, action] of [['StatusCheckFailed_System', ':ec2:recover'], ['StatusCheckFailed_Instance', ':ec2:reboot']] as const) {
        const matching = alarms.filter((alarm) => alarm.Properties?.MetricName === metric);
        expect(matching).toHaveLength(1);
        const alarm = matching[0];
        expect(referencedId((alarm?.Properties?.Dimensions as { Value: unknown }[])[0]?.Value)).toBe(instanceId);
        const actions = alarm?.Properties?.AlarmActions as unknown[];
        expect(JSON.stringify(actions)).toContain(action);
        // The tenant's alarm topic, passed in as a parameter.
        expect(actions.filter((entry) => referencedId(entry) !== undefined)).toHaveLength(1);
        expect(alarm?.Properties?.OKActions).toHaveLength(1);
      }
    }
  });
});

describe('egress pool: cdk-nag', () => {
  it('leaves no unacknowledged AwsSolutions finding in dev or prod', () => {
    const egressPool = { hostsPerAz: 1, slotsPerHost: 3, ipv6: { slotsPerHost: 2 } };
    expect(scanWithAwsSolutions(testConfig({ egressPool })).findings).toEqual([]);
    expect(scanWithAwsSolutions(testConfig({ stage: 'prod', egressPool })).findings).toEqual([]);
  });
});

describe('egress pool: sizing', () => {
  it('refuses more slots per host than the instance type carries', () => {
    expect(maxSlotsPerHost('m5.large')).toBe(27);
    expect(() => synthTemplate(testConfig({ egressPool: { hostsPerAz: 1, slotsPerHost: 28 } }))).toThrow(/m5\.large carries at most 27 slots/);
    expect(() => synthTemplate(testConfig({ egressPool: { hostsPerAz: 1, slotsPerHost: 10, instanceType: 't3.small' } }))).toThrow(/t3\.small carries at most 9 slots/);
  });
});
