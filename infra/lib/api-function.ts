import path from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ISecurityGroup, IVpc, SubnetSelection } from 'aws-cdk-lib/aws-ec2';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { acknowledgeWildcardResources } from './nag-findings';
import { functionEntry } from './paths';

/** ESM bundles have no `require`; some dependencies still call it. */
/**
 * What CommonJS packages inside an ESM bundle expect from Node: `require` (for built-ins) and
 * `__filename` / `__dirname` (ssh2 reads `__dirname` when it loads, so without it the module throws).
 */
export const ESM_BUNDLE_BANNER =
  "import { createRequire } from 'module';import { fileURLToPath as __tbFileUrlToPath } from 'url';import { dirname as __tbDirname } from 'path';" +
  'const require = createRequire(import.meta.url);const __filename = __tbFileUrlToPath(import.meta.url);const __dirname = __tbDirname(__filename);';

export const ROUTE_GROUP_MEMORY_MB = 512;

/**
 * Packages with a native binary (esbuild cannot bundle a `.node` file): left out of every bundle and,
 * for a function that uses one (`nativePackages`), installed beside its bundle for Linux arm64 — the
 * Lambda's platform, whatever machine synthesises — from the lock file's version.
 */
export const NATIVE_PACKAGES = ['@node-rs/argon2'] as const;
/**
 * Left out of every bundle: the AWS SDK (in the runtime), the native packages (installed beside it), and
 * native add-ons that packages load only if present (ssh2's and cpu-features' optional bindings: without
 * them ssh2 uses its JavaScript crypto).
 */
export const BUNDLE_EXTERNALS = ['@aws-sdk/*', ...NATIVE_PACKAGES, '*.node'];
const LAMBDA_PLATFORM_INSTALL = { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' };
export const API_TIMEOUT = Duration.seconds(10);

/** What every function of a tenant shares: its base environment and log settings. */
export interface FunctionDefaults {
  readonly environment: Readonly<Record<string, string>>;
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
}

/** Where a function that calls brokers through the egress proxies runs (infra/egress/, ADR 0014). */
export interface FunctionNetwork {
  readonly vpc: IVpc;
  readonly vpcSubnets: SubnetSelection;
  readonly securityGroups: ISecurityGroup[];
}

/**
 * What Lambda needs to place a function in a VPC (the actions of AWSLambdaVPCAccessExecutionRole, which a
 * role of our own does not get); they act on network interfaces Lambda creates, so they take no narrower resource.
 */
const VPC_ACCESS_ACTIONS = [
  'ec2:CreateNetworkInterface',
  'ec2:DescribeNetworkInterfaces',
  'ec2:DescribeSubnets',
  'ec2:DeleteNetworkInterface',
  'ec2:AssignPrivateIpAddresses',
  'ec2:UnassignPrivateIpAddresses',
];

export interface ApiFunctionProps {
  readonly defaults: FunctionDefaults;
  /** Handler module relative to `functions/`, exporting `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly memorySize?: number;
  readonly timeout?: Duration;
  /** Data files the handler reads beside its bundle: source (relative to `functions/`) → bundle path. */
  readonly assets?: Readonly<Record<string, string>>;
  /** Native packages (of NATIVE_PACKAGES) the handler imports: installed beside the bundle. */
  readonly nativePackages?: readonly (typeof NATIVE_PACKAGES)[number][];
  /** Private subnets and security group (egress pool); absent: outside any VPC. */
  readonly network?: FunctionNetwork;
}

/** Shell commands that copy data files next to the bundle (run by local esbuild bundling, no Docker). */
function copyAssets(assets: Readonly<Record<string, string>>, outputDir: string): string[] {
  return Object.entries(assets).flatMap(([source, target]) => {
    const destination = path.join(outputDir, target);
    return [`mkdir -p "${path.dirname(destination)}"`, `cp "${functionEntry(source)}" "${destination}"`];
  });
}

/** The Lambda runtime of every TradeBridge function: the latest Node.js that Lambda and aws-cdk-lib offer. */
export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;

/**
 * A TradeBridge Lambda: Node 24 on arm64, one minified ESM bundle built by local esbuild, its own log
 * group, and its own role. The role starts empty (no AWSLambdaBasicExecutionRole, which would let it
 * write to any log group): it may write to its log group only, and function-access.ts adds the rest.
 */
export class ApiFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.defaults.logRetention,
      removalPolicy: props.defaults.logRemovalPolicy,
    });
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: props.description,
    });
    logGroup.grantWrite(role);
    if (props.network) {
      role.addToPrincipalPolicy(new PolicyStatement({ actions: VPC_ACCESS_ACTIONS, resources: ['*'] }));
      acknowledgeWildcardResources(role, ['*'], 'Lambda creates and removes its VPC network interfaces itself; these EC2 actions take no narrower resource.');
    }
    super(scope, id, {
      entry: functionEntry(props.entry),
      handler: 'handler',
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? ROUTE_GROUP_MEMORY_MB,
      timeout: props.timeout ?? API_TIMEOUT,
      role,
      logGroup,
      ...props.network,
      environment: {
        ...props.defaults.environment,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.ESM,
        banner: ESM_BUNDLE_BANNER,
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        // `*.node`: optional native add-ons that load inside a try (ssh2's crypto and cpu-features); left out,
        // the packages fall back to their JavaScript code.
        externalModules: BUNDLE_EXTERNALS,
        forceDockerBundling: false,
        ...(props.nativePackages?.length ? { nodeModules: [...props.nativePackages], environment: LAMBDA_PLATFORM_INSTALL } : {}),
        ...(props.assets
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (_inputDir: string, outputDir: string) => copyAssets(props.assets ?? {}, outputDir),
              },
            }
          : {}),
      },
    });
  }
}
