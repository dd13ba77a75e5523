import { UserData } from 'aws-cdk-lib/aws-ec2';
import { PROXY_BUNDLE_FILE } from './proxy-bundle';

const HOME = '/opt/tradebridge-egress';
/** AL2023 namespaces Node.js per major version; the namespaced binary stays that version whatever `node` points at. Same major as the Lambdas. */
const NODE_PACKAGE = 'nodejs24';
const NODE_BINARY = '/usr/bin/node-24';
const SERVICE = 'tradebridge-egress';

export interface ProxyUserDataProps {
  readonly region: string;
  readonly bundleBucket: string;
  readonly bundleKey: string;
  readonly secretArn: string;
  /** The host's own private address (first interface, primary IP): the proxy listens there only. */
  readonly listenAddress: string;
  readonly port: number;
  readonly allowedHosts: readonly string[];
  /** IPv6 slots from the first interface's delegated /80 prefix, published to this SSM parameter. */
  readonly ipv6?: { readonly slots: number; readonly parameterName: string };
}

/**
 * Boot script of a proxy host (Amazon Linux 2023). The secondary private IPv4s of every interface need
 * no command: AL2023's network helper (amazon-ec2-net-utils) configures them from instance metadata at
 * boot and gives each interface its own routing table, so a socket bound to a slot address leaves
 * through that slot's interface and, NATed by the VPC, from its Elastic IP. The secret is read at each
 * service start (ExecStartPre, as root) into a root-only file under /run, never into the user data.
 */
export function proxyUserData(props: ProxyUserDataProps): UserData {
  const userData = UserData.forLinux();
  const aws = `aws --region ${props.region}`;
  userData.addCommands(
    'set -euo pipefail',
    `dnf install -y ${NODE_PACKAGE}`,
    `install -d -m 0755 ${HOME}`,
    `${aws} s3 cp 's3://${props.bundleBucket}/${props.bundleKey}' ${HOME}/${PROXY_BUNDLE_FILE}`,
    `cat > ${HOME}/load-secret.sh <<'SCRIPT'`,
    '#!/bin/bash',
    'set -euo pipefail',
    'umask 077',
    `install -d -m 0700 /run/${SERVICE}`,
    `secret=$(${aws} secretsmanager get-secret-value --secret-id '${props.secretArn}' --query SecretString --output text)`,
    `printf 'EGRESS_SECRET=%s\\n' "$secret" > /run/${SERVICE}/secret.env`,
    'SCRIPT',
    `chmod 0700 ${HOME}/load-secret.sh`,
    ...(props.ipv6 ? ipv6PrefixScript(props, aws, props.ipv6) : []),
    `cat > /etc/systemd/system/${SERVICE}.service <<'UNIT'`,
    '[Unit]',
    'Description=TradeBridge egress proxy (HTTP CONNECT, one source address per slot)',
    'Wants=network-online.target',
    'After=network-online.target',
    '[Service]',
    `ExecStartPre=+${HOME}/load-secret.sh`,
    ...(props.ipv6 ? [`ExecStartPre=+${HOME}/ipv6-prefix.sh`] : []),
    `EnvironmentFile=-/run/${SERVICE}/secret.env`,
    `Environment=HOST=${props.listenAddress}`,
    `Environment=PORT=${props.port}`,
    `Environment=EGRESS_ALLOWED_HOSTS=${props.allowedHosts.join(',')}`,
    `ExecStart=${NODE_BINARY} --enable-source-maps ${HOME}/${PROXY_BUNDLE_FILE}`,
    'DynamicUser=yes',
    'NoNewPrivileges=yes',
    'LimitNOFILE=65536',
    'Restart=always',
    'RestartSec=2',
    '[Install]',
    'WantedBy=multi-user.target',
    'UNIT',
    'systemctl daemon-reload',
    `systemctl enable --now ${SERVICE}.service`,
  );
  return userData;
}

/**
 * IPv6 slots: the first interface holds a delegated /80 prefix. A `local` route for the whole prefix
 * lets the proxy bind any address in it (no per-address configuration); the first `slots` addresses
 * are the slots, written as a manifest (the prefix is known only once the interface exists) to SSM.
 */
function ipv6PrefixScript(props: ProxyUserDataProps, aws: string, ipv6: NonNullable<ProxyUserDataProps['ipv6']>): string[] {
  const proxyUrl = `http://${props.listenAddress}:${props.port}`;
  return [
    `cat > ${HOME}/ipv6-prefix.sh <<'SCRIPT'`,
    '#!/bin/bash',
    'set -euo pipefail',
    "token=$(curl -sS -X PUT http://169.254.169.254/latest/api/token -H 'X-aws-ec2-metadata-token-ttl-seconds: 300')",
    'metadata() { curl -sS -H "X-aws-ec2-metadata-token: $token" "http://169.254.169.254/latest/meta-data/$1"; }',
    'mac=$(metadata mac)',
    'prefix=$(metadata "network/interfaces/macs/$mac/ipv6-prefix" | head -n 1)',
    'iface=$(ip -o link | awk -v mac="$mac" \'index($0, mac) { sub(":", "", $2); print $2; exit }\')',
    'ip -6 route replace local "$prefix" dev "$iface"',
    `slots=$(python3 - "$prefix" ${ipv6.slots} '${proxyUrl}' <<'PY'`,
    'import ipaddress, json, sys',
    'net = ipaddress.ip_network(sys.argv[1])',
    'print(json.dumps([{"address": str(net[i]), "bind_address": str(net[i]), "proxy_url": sys.argv[3], "version": "IPv6"} for i in range(1, int(sys.argv[2]) + 1)], separators=(",", ":")))',
    'PY',
    ')',
    `${aws} ssm put-parameter --name '${ipv6.parameterName}' --type String --overwrite --value "$slots" > /dev/null`,
    'SCRIPT',
    `chmod 0700 ${HOME}/ipv6-prefix.sh`,
  ];
}
