import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ENV } from '../../shared/config/env-names';
import type { TenantConfig } from '../config/tenant-config';
import { AccessLogsBucket } from './access-logs-bucket';
import { SecretRotation } from './secret-rotation';
import { Alarms } from './alarms';
import { EgressPool } from '../egress/egress-pool';
import type { LogSettings } from './api-access-logs';
import { ApiFunction, type FunctionDefaults } from './api-function';
import { API_BASE_PATH, REALTIME_PATH } from '../../shared/domain/constants';
import { AppSecrets } from './app-secrets';
import { applyCapabilities, type SharedResources } from './function-access';
import { TradeBridgeHttpApi } from './http-api';
import { RealtimeChannel } from './realtime-channel';
import { RouteGroupFunctions } from './route-group-functions';
import { Schedules } from './schedules';
import { SignalQueue } from './signal-queue';
import { SignalWorker } from './signal-worker';
import { SingleTable } from './single-table';
import { UserFiles } from './user-files';
import { WebSite } from './web-site';

export interface TradeBridgeStackProps extends StackProps {
  readonly config: TenantConfig;
  /** Folder with the built SPA; it must contain index.html. */
  readonly webDistPath: string;
}

export function stackNameFor(tenant: string): string {
  return `TradeBridge-${tenant}`;
}

/** Everything one tenant runs on: data, queue, functions, APIs, site and alarms. Env-agnostic. */
export class TradeBridgeStack extends Stack {
  constructor(scope: Construct, id: string, props: TradeBridgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    const isProd = config.stage === 'prod';
    const tenant = config.tenant;
    const logs: LogSettings = {
      retention: config.logRetentionDays,
      removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    };

    const { table } = new SingleTable(this, 'Data', { isProd });
    const signals = new SignalQueue(this, 'Signals', { tenant, isProd });
    const secrets = new AppSecrets(this, 'Secrets', { tenant, isProd });
    const realtime = new RealtimeChannel(this, 'Realtime', { tenant });
    const accessLogs = new AccessLogsBucket(this, 'AccessLogs', { isProd });
    const files = new UserFiles(this, 'Files', { isProd, accessLogs: accessLogs.bucket });

    const resources: SharedResources = {
      table,
      jwtSecret: secrets.jwtSecret,
      originSecret: secrets.originSecret,
      signalQueue: signals.queue,
      userSecretsKey: secrets.userSecretsKey,
      realtimeStage: realtime.stage,
      filesBucket: files.bucket,
      mailFrom: config.mailFrom,
    };
    const defaults: FunctionDefaults = {
      environment: {
        [ENV.tableName]: table.tableName,
        [ENV.jwtSecretArn]: secrets.jwtSecret.secretArn,
        [ENV.originSecretArn]: secrets.originSecret.secretArn,
        [ENV.stage]: config.stage,
        [ENV.defaultFranchiseId]: String(config.defaultFranchiseId),
        [ENV.franchiseHosts]: JSON.stringify(config.franchiseHosts),
        [ENV.realtimeEndpoint]: realtime.callbackUrl,
      },
      logRetention: logs.retention,
      logRemovalPolicy: logs.removalPolicy,
    };

    const realtimeHandler = new ApiFunction(this, 'RealtimeHandler', {
      defaults,
      entry: 'realtime/index.ts',
      description: `TradeBridge ${tenant} realtime connections`,
    });
    applyCapabilities(
      realtimeHandler,
      { tableItems: true, sendsSignals: false, holdsUserSecrets: false, pushesRealtime: true, storesFiles: false, sendsMail: false },
      resources,
    );
    realtime.connectHandler(realtimeHandler);

    // Opt-in per tenant (config `egressPool`): without it no function joins a VPC and nothing below changes.
    const egress = config.egressPool ? new EgressPool(this, 'Egress', { tenant, isProd, logs, ...config.egressPool }) : undefined;
    const routeGroups = new RouteGroupFunctions(this, 'RouteGroups', { tenant, defaults, resources, egress });
    const httpApi = new TradeBridgeHttpApi(this, 'Http', { tenant, functions: routeGroups, logs });
    const worker = new SignalWorker(this, 'SignalWorker', { tenant, defaults, resources, queue: signals.queue, egress });
    new Schedules(this, 'Schedules', { tenant, defaults, resources, egress });

    const site = new WebSite(this, 'Web', {
      isProd,
      domainNames: config.domainNames,
      certificateArn: config.certificateArn,
      apiEndpoint: httpApi.api.apiEndpoint,
      originSecret: secrets.originSecret,
      realtimeUrl: realtime.webSocketUrl,
      filesBucket: files.bucket,
      accessLogs: accessLogs.bucket,
      webDistPath: props.webDistPath,
      runtimeConfig: {
        apiBaseUrl: API_BASE_PATH,
        realtimeUrl: REALTIME_PATH,
        captchaSiteKey: config.captchaSiteKey,
        tenant,
      },
    });

    new SecretRotation(this, 'SecretRotation', { tenant, defaults, jwtSecret: secrets.jwtSecret, originSecret: secrets.originSecret, distribution: site.distribution });

    const alarms = new Alarms(this, 'Alarms', {
      tenant,
      alarmEmail: config.alarmEmail,
      deadLetterQueue: signals.deadLetterQueue,
      httpApi: httpApi.api,
      signalWorker: worker.fn,
    });
    egress?.sendAlarmsTo(alarms.topic);

    new CfnOutput(this, 'SiteUrl', { value: site.siteUrl });
    new CfnOutput(this, 'ApiEndpoint', { value: httpApi.api.apiEndpoint });
    new CfnOutput(this, 'WebSocketUrl', { value: realtime.webSocketUrl });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'SignalQueueUrl', { value: signals.queue.queueUrl });
    new CfnOutput(this, 'SignalDeadLetterQueueUrl', { value: signals.deadLetterQueue.queueUrl });
  }
}
