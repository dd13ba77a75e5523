import { Duration, Fn, NestedStack, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Ec2Action, Ec2InstanceAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { CfnEIP, CfnEIPAssociation, CfnInstance, CfnNetworkInterface, type ISecurityGroup, type ISubnet, type UserData } from 'aws-cdk-lib/aws-ec2';
import type { CfnInstanceProfile, IRole } from 'aws-cdk-lib/aws-iam';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import type { IP_VERSIONS } from '../../shared/contracts/ips';
import type { ProxyInstanceType } from './instance-capacity';
import { slotsByInterface } from './instance-capacity';

/** Tag on every slot's Elastic IP (value: `<host>-<n>`), so the addresses a tenant sells are easy to list. */
export const SLOT_TAG = 'tradebridge:egress-slot';

/**
 * Where the slot manifests live: one SSM String parameter per host interface (`<host>/ipv4-eth<n>`,
 * written by the stack) and per host with IPv6 slots (`<host>/ipv6`, written by the host at boot, as the
 * delegated prefix is known only then). One per interface keeps each under the 4 KB a parameter holds.
 */
export function slotManifestPath(tenant: string): string {
  return `/tradebridge/${tenant}/egress`;
}

/** One slot as infra/scripts/import-ip-pool.ts reads it. */
export interface SlotManifestEntry {
  readonly address: string;
  readonly bind_address: string;
  readonly proxy_url: string;
  readonly version: (typeof IP_VERSIONS)[number];
}

export interface ProxyHostProps {
  /** `a1`, `b2`: AZ letter and number; part of names and of the manifest output. */
  readonly name: string;
  readonly tenant: string;
  readonly isProd: boolean;
  readonly subnet: ISubnet;
  readonly securityGroup: ISecurityGroup;
  readonly instanceType: ProxyInstanceType;
  readonly slots: number;
  readonly imageId: string;
  readonly instanceProfile: CfnInstanceProfile;
  readonly role: IRole;
  readonly port: number;
  readonly ipv6: boolean;
  readonly userData: (listenAddress: string) => UserData;
}

/** The host's name in tags and in the manifest path: `<tenant>-egress-<a1>`. */
export function proxyHostName(tenant: string, name: string): string {
  return `${tenant}-egress-${name}`;
}

/**
 * One proxy host: its network interfaces (the first also holds the host's own address, on which the
 * proxy listens, with an Elastic IP of its own for packages and AWS APIs), one Elastic IP per slot
 * associated with a secondary private IPv4, the instance, status-check alarms that recover or reboot it,
 * and its slot manifest. A nested stack of its own: a host is 2 resources per slot (address and
 * association), so hosts of up to ~230 slots each fit, and the tenant stack's 500-resource budget
 * (ADR 0002) does not shrink with the pool.
 */
export class ProxyHost extends NestedStack {
  readonly instance: CfnInstance;
  readonly alarms: Alarm[];
  readonly slots: SlotManifestEntry[] = [];
  readonly proxyUrl: string;

  constructor(scope: Construct, id: string, props: ProxyHostProps) {
    super(scope, id, { description: `TradeBridge ${props.tenant} egress proxy host ${props.name}` });
    const hostName = proxyHostName(props.tenant, props.name);
    // Registered addresses must not go back to AWS's pool by accident: a broker may still list them.
    const slotRemoval = props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    const interfaces = slotsByInterface(props.instanceType, props.slots).map(
      (count, index) =>
        new CfnNetworkInterface(this, `Interface${index}`, {
          subnetId: props.subnet.subnetId,
          groupSet: [props.securityGroup.securityGroupId],
          secondaryPrivateIpAddressCount: count,
          description: `${hostName} interface ${index}: ${count} slot addresses`,
          ...(props.ipv6 && index === 0 ? { ipv6PrefixCount: 1 } : {}),
          tags: [{ key: 'Name', value: `${hostName}-eth${index}` }],
        }),
    );
    const primary = interfaces[0];
    if (!primary) throw new Error('A proxy host needs at least one network interface');
    const listenAddress = primary.attrPrimaryPrivateIpAddress;
    this.proxyUrl = `http://${listenAddress}:${props.port}`;

    const hostAddress = new CfnEIP(this, 'HostAddress', { domain: 'vpc', tags: [{ key: 'Name', value: `${hostName} (host)` }] });
    const associations = [
      new CfnEIPAssociation(this, 'HostAddressAssociation', {
        allocationId: hostAddress.attrAllocationId,
        networkInterfaceId: primary.ref,
        privateIpAddress: listenAddress,
      }),
    ];

    let slotNumber = 0;
    interfaces.forEach((networkInterface, index) => {
      const interfaceSlots: SlotManifestEntry[] = [];
      const count = networkInterface.secondaryPrivateIpAddressCount ?? 0;
      for (let position = 0; position < count; position += 1) {
        slotNumber += 1;
        const slotName = `${hostName}-${slotNumber}`;
        const address = new CfnEIP(this, `Slot${slotNumber}Address`, { domain: 'vpc', tags: [{ key: SLOT_TAG, value: slotName }, { key: 'Name', value: slotName }] });
        address.applyRemovalPolicy(slotRemoval);
        // The same element of the same list names the bind address in the association and in the manifest.
        const bindAddress = Fn.select(position, networkInterface.attrSecondaryPrivateIpAddresses);
        associations.push(
          new CfnEIPAssociation(this, `Slot${slotNumber}Association`, {
            allocationId: address.attrAllocationId,
            networkInterfaceId: networkInterface.ref,
            privateIpAddress: bindAddress,
          }),
        );
        interfaceSlots.push({ address: address.attrPublicIp, bind_address: bindAddress, proxy_url: this.proxyUrl, version: 'IPv4' });
      }
      new StringParameter(this, `Interface${index}Slots`, {
        parameterName: `${slotManifestPath(props.tenant)}/${hostName}/ipv4-eth${index}`,
        description: `IPv4 slots of ${hostName} eth${index}: JSON list for infra/scripts/import-ip-pool.ts`,
        stringValue: this.toJsonString(interfaceSlots),
      });
      this.slots.push(...interfaceSlots);
    });

    this.instance = new CfnInstance(this, 'Instance', {
      imageId: props.imageId,
      instanceType: props.instanceType,
      iamInstanceProfile: props.instanceProfile.ref,
      networkInterfaces: interfaces.map((networkInterface, index) => ({ deviceIndex: String(index), networkInterfaceId: networkInterface.ref })),
      userData: Fn.base64(props.userData(listenAddress).render()),
      monitoring: true,
      disableApiTermination: props.isProd,
      blockDeviceMappings: [{ deviceName: '/dev/xvda', ebs: { volumeSize: 8, volumeType: 'gp3', encrypted: true, deleteOnTermination: true } }],
      tags: [{ key: 'Name', value: hostName }],
    });
    if (!props.isProd) {
      Validations.of(this.instance).acknowledge({ id: 'AwsSolutions-EC29', reason: 'Dev stacks must be deletable; prod hosts have termination protection on.' });
    }
    // The boot script downloads packages and the bundle through the host address and reads the secret with the role.
    for (const association of associations) this.instance.addResourceDependency(association);
    this.instance.node.addDependency(props.role);

    this.alarms = this.statusAlarms(hostName);
  }

  /**
   * EC2 status checks: a failed system check (the AWS hardware under the host) recovers the instance onto
   * other hardware, keeping its interfaces, private addresses and so every slot's Elastic IP; a failed
   * instance check (the OS) reboots it. Both also notify (EgressPool.sendAlarmsTo).
   */
  private statusAlarms(hostName: string): Alarm[] {
    const checks = [
      { id: 'SystemCheckAlarm', metricName: 'StatusCheckFailed_System', action: Ec2InstanceAction.RECOVER, what: 'system status check failed: recovering the instance' },
      { id: 'InstanceCheckAlarm', metricName: 'StatusCheckFailed_Instance', action: Ec2InstanceAction.REBOOT, what: 'instance status check failed: rebooting it' },
    ];
    return checks.map((check) => {
      const alarm = new Alarm(this, check.id, {
        alarmDescription: `Egress proxy host ${hostName}: ${check.what}; its slots' orders fail fast until it is back.`,
        metric: new Metric({
          namespace: 'AWS/EC2',
          metricName: check.metricName,
          dimensionsMap: { InstanceId: this.instance.ref },
          statistic: 'Maximum',
          period: Duration.minutes(1),
        }),
        threshold: 1,
        evaluationPeriods: 2,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        // A stopped host reports nothing: that is maintenance, not a failure.
        treatMissingData: TreatMissingData.MISSING,
      });
      alarm.addAlarmAction(new Ec2Action(check.action));
      return alarm;
    });
  }
}
