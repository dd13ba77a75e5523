import {
  FlowLogDestination,
  FlowLogTrafficType,
  GatewayVpcEndpointAwsService,
  IpAddresses,
  IpProtocol,
  Peer,
  Port,
  SecurityGroup,
  SubnetType,
  Vpc,
  type SubnetSelection,
} from 'aws-cdk-lib/aws-ec2';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { LogSettings } from '../lib/api-access-logs';

/** The port the proxies listen on, on their private address (egress-proxy-main.ts `PORT`). */
export const EGRESS_PROXY_PORT = 3128;
const HTTPS = Port.tcp(443);

export interface EgressNetworkProps {
  /** Dual stack: the proxy hosts' public subnets get IPv6 too, for IPv6 slots from a delegated prefix. */
  readonly ipv6: boolean;
  /** One per AZ keeps the functions' AWS and read-only broker calls up when an AZ fails; one is cheaper. */
  readonly natGateways: 1 | 2;
  /** Retention and removal of the flow log of refused traffic. */
  readonly logs: LogSettings;
}

/**
 * The network of the egress pool and of the functions that call brokers.
 *
 * - Public subnets (two AZs) for the proxy hosts: their slot addresses carry Elastic IPs.
 * - Private subnets for the Lambdas. Their other calls keep working through gateway endpoints for
 *   DynamoDB and S3 (free, and they keep the table's traffic off the NAT data charge) and a NAT gateway
 *   for everything else: Secrets Manager and KMS would need interface endpoints (≈ $7.30 a month each per
 *   AZ), and the realtime @connections API, SES and the brokers' read-only calls (positions, funds, LTP,
 *   which go direct by design) need the internet anyway. So one NAT is required and interface endpoints
 *   would only add cost.
 * - Two security groups: the proxies admit the proxy port from the functions only and send out HTTPS
 *   only; the functions send out HTTPS and the proxy port to the proxies only.
 */
export class EgressNetwork extends Construct {
  readonly vpc: Vpc;
  readonly proxySecurityGroup: SecurityGroup;
  readonly functionSecurityGroup: SecurityGroup;
  readonly proxySubnets: SubnetSelection = { subnetType: SubnetType.PUBLIC };
  readonly functionSubnets: SubnetSelection = { subnetType: SubnetType.PRIVATE_WITH_EGRESS };

  constructor(scope: Construct, id: string, props: EgressNetworkProps) {
    super(scope, id);
    this.vpc = new Vpc(this, 'Vpc', {
      ipAddresses: IpAddresses.cidr('10.40.0.0/16'),
      ...(props.ipv6 ? { ipProtocol: IpProtocol.DUAL_STACK } : {}),
      maxAzs: 2,
      natGateways: props.natGateways,
      subnetConfiguration: [
        // /22: about 1,000 addresses per AZ, room for many hosts × interfaces × slots.
        { name: 'egress-hosts', subnetType: SubnetType.PUBLIC, cidrMask: 22, mapPublicIpOnLaunch: false },
        { name: 'functions', subnetType: SubnetType.PRIVATE_WITH_EGRESS, cidrMask: 20 },
      ],
      // Refused traffic only: what a security group dropped is what needs explaining, and it stays small.
      flowLogs: {
        Rejected: {
          trafficType: FlowLogTrafficType.REJECT,
          destination: FlowLogDestination.toCloudWatchLogs(new LogGroup(this, 'RejectedTraffic', { retention: props.logs.retention, removalPolicy: props.logs.removalPolicy })),
        },
      },
      gatewayEndpoints: {
        DynamoDb: { service: GatewayVpcEndpointAwsService.DYNAMODB },
        S3: { service: GatewayVpcEndpointAwsService.S3 },
      },
    });

    this.functionSecurityGroup = new SecurityGroup(this, 'FunctionSecurityGroup', {
      vpc: this.vpc,
      description: 'Lambdas that call brokers: HTTPS out (AWS APIs, read-only broker calls) and the egress proxies',
      allowAllOutbound: false,
      ...(props.ipv6 ? { allowAllIpv6Outbound: false } : {}),
    });
    this.proxySecurityGroup = new SecurityGroup(this, 'ProxySecurityGroup', {
      vpc: this.vpc,
      description: 'Egress proxies: the proxy port from the broker-calling Lambdas only; HTTPS out only (the proxy enforces the broker host list)',
      allowAllOutbound: false,
      ...(props.ipv6 ? { allowAllIpv6Outbound: false } : {}),
    });

    this.functionSecurityGroup.addEgressRule(Peer.anyIpv4(), HTTPS, 'AWS APIs and read-only broker calls');
    this.functionSecurityGroup.addEgressRule(this.proxySecurityGroup, Port.tcp(EGRESS_PROXY_PORT), 'Order and login calls through the egress proxies');
    this.proxySecurityGroup.addIngressRule(this.functionSecurityGroup, Port.tcp(EGRESS_PROXY_PORT), 'Broker-calling Lambdas');
    // Host names cannot be filtered here: the proxy's allow-list (EGRESS_ALLOWED_HOSTS) does that.
    this.proxySecurityGroup.addEgressRule(Peer.anyIpv4(), HTTPS, 'Broker API hosts (allow-list in the proxy), package repositories, S3 and Secrets Manager');
    if (props.ipv6) this.proxySecurityGroup.addEgressRule(Peer.anyIpv6(), HTTPS, 'Broker API hosts over IPv6 slots');
  }
}
