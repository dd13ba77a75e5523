import { NestedStack, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AmazonLinuxCpuType, MachineImage } from 'aws-cdk-lib/aws-ec2';
import { CfnInstanceProfile, ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { EGRESS_ENV } from '../../functions/platform/config';
import type { LogSettings } from '../lib/api-access-logs';
import type { FunctionNetwork } from '../lib/api-function';
import { acknowledgeWildcardResources } from '../lib/nag-findings';
import { AWS_EGRESS_ECHO_URL, PROXY_ALLOWED_HOSTS } from './broker-hosts';
import { EGRESS_PROXY_PORT, EgressNetwork } from './egress-network';
import { assertSlotsFit, DEFAULT_PROXY_INSTANCE_TYPE, type ProxyInstanceType } from './instance-capacity';
import { ProxyBundle } from './proxy-bundle';
import { ProxyHost, proxyHostName, slotManifestPath } from './proxy-host';
import { proxyUserData } from './proxy-user-data';

/** A host's IPv6 manifest is one SSM String parameter (4 KB): about 25 entries of the longest form. */
export const MAX_IPV6_SLOTS_PER_HOST = 25;
const AVAILABILITY_ZONES = 2;

/** How a tenant sizes its pool (tenant config `egressPool`). */
export interface EgressPoolSizing {
  readonly hostsPerAz: number;
  /** IPv4 slots (Elastic IPs) per host; at most what the instance type's interfaces carry. */
  readonly slotsPerHost: number;
  readonly instanceType?: ProxyInstanceType;
  /** IPv6 slots per host from a delegated prefix (no Elastic IP, no per-address charge); off when absent. */
  readonly ipv6?: { readonly slotsPerHost: number };
}

export interface EgressPoolProps extends EgressPoolSizing {
  readonly tenant: string;
  readonly isProd: boolean;
  readonly logs: LogSettings;
}

/**
 * The static-IP egress pool (ADR 0014): proxy hosts in two AZs whose slot addresses carry Elastic IPs,
 * the shared secret the per-slot proxy tokens derive from, and the network the broker-calling Lambdas
 * join to reach the proxies. The slot manifests are SSM parameters under `/tradebridge/<tenant>/egress/`
 * (proxy-host.ts). A nested stack (each host one more inside it), so the pool adds one resource to the
 * tenant stack whatever its size.
 */
export class EgressPool extends NestedStack {
  readonly network: EgressNetwork;
  readonly secret: Secret;
  readonly hosts: ProxyHost[] = [];
  /** Where a broker-calling function runs: the private subnets, with the security group the proxies admit. */
  readonly functionNetwork: FunctionNetwork;

  constructor(scope: Construct, id: string, props: EgressPoolProps) {
    super(scope, id, { description: `TradeBridge ${props.tenant} static-IP egress pool` });
    const instanceType = props.instanceType ?? DEFAULT_PROXY_INSTANCE_TYPE;
    assertSlotsFit(instanceType, props.slotsPerHost);
    if (!Number.isInteger(props.hostsPerAz) || props.hostsPerAz < 1) {
      throw new Error(`Egress pool: hostsPerAz must be a whole number of at least 1, got ${props.hostsPerAz}`);
    }
    const ipv6Slots = props.ipv6?.slotsPerHost;
    if (ipv6Slots !== undefined && (!Number.isInteger(ipv6Slots) || ipv6Slots < 1 || ipv6Slots > MAX_IPV6_SLOTS_PER_HOST)) {
      throw new Error(`Egress pool: ipv6.slotsPerHost must be a whole number from 1 to ${MAX_IPV6_SLOTS_PER_HOST}, got ${ipv6Slots}`);
    }

    this.network = new EgressNetwork(this, 'Network', { ipv6: ipv6Slots !== undefined, natGateways: props.isProd ? 2 : 1, logs: props.logs });
    this.functionNetwork = {
      vpc: this.network.vpc,
      vpcSubnets: this.network.functionSubnets,
      securityGroups: [this.network.functionSecurityGroup],
    };
    this.secret = new Secret(this, 'Secret', {
      description: `TradeBridge ${props.tenant}: key of the per-slot egress proxy tokens (HMAC-SHA256 of slot id and bind address)`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Proxies and Lambdas must switch keys together (restart the proxies, then the functions); rotation is a documented manual step (ADR 0014).',
    });

    const bundle = new ProxyBundle(this, 'ProxyBundle');
    const role = new Role(this, 'HostRole', {
      assumedBy: new ServicePrincipal('ec2.amazonaws.com'),
      description: `TradeBridge ${props.tenant} egress proxy hosts`,
      // Session Manager instead of SSH: the hosts admit nothing but the proxy port.
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('AmazonSSMManagedInstanceCore')],
    });
    // The one bundle object, not the whole asset bucket (grantRead would add List*/GetBucket* and a wildcard).
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [bundle.asset.bucket.arnForObjects(bundle.asset.s3ObjectKey)] }));
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.secret.secretArn] }));
    const parameterPath = slotManifestPath(props.tenant);
    if (ipv6Slots !== undefined) {
      const parameters = this.formatArn({ service: 'ssm', resource: 'parameter', resourceName: `${parameterPath.slice(1)}/*/ipv6` });
      role.addToPrincipalPolicy(new PolicyStatement({ actions: ['ssm:PutParameter'], resources: [parameters] }));
      acknowledgeWildcardResources(role, [parameters], 'Each host writes its own IPv6 slot manifest (<host>/ipv6) under the tenant egress path; never the IPv4 manifests the stack owns.');
    }
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/AmazonSSMManagedInstanceCore]',
      reason: 'Session Manager access to the hosts instead of SSH; AWS maintains the agent actions this policy lists.',
    });
    const instanceProfile = new CfnInstanceProfile(this, 'HostProfile', { roles: [role.roleName] });
    const imageId = MachineImage.latestAmazonLinux2023({ cpuType: AmazonLinuxCpuType.X86_64 }).getImage(this).imageId;

    const zones = this.network.vpc.publicSubnets.slice(0, AVAILABILITY_ZONES);
    zones.forEach((subnet, zone) => {
      for (let number = 1; number <= props.hostsPerAz; number += 1) {
        const name = `${String.fromCharCode(97 + zone)}${number}`;
        const host = new ProxyHost(this, `Host${name.toUpperCase()}`, {
          name,
          tenant: props.tenant,
          isProd: props.isProd,
          subnet,
          securityGroup: this.network.proxySecurityGroup,
          instanceType,
          slots: props.slotsPerHost,
          imageId,
          instanceProfile,
          role,
          port: EGRESS_PROXY_PORT,
          ipv6: ipv6Slots !== undefined,
          userData: (listenAddress) =>
            proxyUserData({
              region: this.region,
              bundleBucket: bundle.asset.s3BucketName,
              bundleKey: bundle.asset.s3ObjectKey,
              secretArn: this.secret.secretArn,
              listenAddress,
              port: EGRESS_PROXY_PORT,
              allowedHosts: PROXY_ALLOWED_HOSTS,
              ...(ipv6Slots !== undefined ? { ipv6: { slots: ipv6Slots, parameterName: `${parameterPath}/${proxyHostName(props.tenant, name)}/ipv6` } } : {}),
            }),
        });
        this.hosts.push(host);
      }
    });
  }

  get alarms(): Alarm[] {
    return this.hosts.flatMap((host) => host.alarms);
  }

  /** Sends every host alarm (and its recovery) to the tenant's alarm topic. */
  sendAlarmsTo(topic: ITopic): void {
    const action = new SnsAction(topic);
    for (const alarm of this.alarms) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }
  }

  /**
   * Lets a function that runs in `functionNetwork` use the slots: it may read the egress secret (its ARN
   * in EGRESS_SECRET_ARN, granted by the same call, as the JWT secret is) and knows the egress check's echo URL.
   */
  admit(fn: LambdaFunction): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.secret.secretArn] }));
    fn.addEnvironment(EGRESS_ENV.secretArn, this.secret.secretArn);
    fn.addEnvironment(EGRESS_ENV.echoUrl, AWS_EGRESS_ECHO_URL);
  }
}
