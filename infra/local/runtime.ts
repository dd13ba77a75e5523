import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { SIGNAL_QUEUE } from '../../shared/config/queues';
import { REALTIME_PATH } from '../../shared/domain/constants';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import { createLogger, setLogSink } from '../../functions/platform/logger';
import { handler as signalWorker } from '../../functions/workers/signal-worker';
import { localSigningSecret, prepareDataDir } from './data-dir';
import { assertPortFree } from './engines/free-port';
import { startLocalEngines } from './engines/local-engines';
import { serveFiles } from './files-server';
import { startGateway } from './gateway';
import { DEFAULT_EGRESS_PROXY_PORT, localEgressSecret, startEgressSandbox } from './egress-sandbox';
import { applyLocalEnvironment } from './local-environment';
import { startPhonePeSandbox } from './phonepe-sandbox';
import { startQueuePoller } from './queue-poller';
import { attachRealtimeServer } from './realtime-server';
import { startScheduler } from './scheduler';
import { startSftpSandbox } from './sftp-sandbox';
import { startSmtpSandbox } from './smtp-sandbox';
import { seedFirstRun } from './seed';
import { builtSpa, viteDevServer } from './web-server';

export interface LocalRuntimeOptions {
  readonly host: string;
  /** 0 → any free port (tests). */
  readonly port: number;
  readonly dataDir: string;
  readonly dev?: boolean;
  /** Drops the handlers' log lines (tests). */
  readonly quiet?: boolean;
  readonly adminEmail?: string;
  readonly adminPassword?: string;
  readonly defaultFranchiseId?: number;
  readonly franchiseHosts?: Readonly<Record<string, number>>;
  /** Local visibility timeout of the signal queue, so a failing message reaches the DLQ in minutes. */
  readonly queueVisibilitySeconds?: number;
  /** The paper exchange trades around the clock (default: true, for demos at any hour); false → exchange hours. */
  readonly paperAlwaysOpen?: boolean;
  /** PhonePe's HTTP fake stands in for PhonePe (default: true); the default franchise gets sandbox settings for it. */
  readonly phonePeSandbox?: boolean;
  /** The local SMTP server for trying a franchise's mail settings (default: on, any free port); false → none. */
  readonly smtpSandbox?: false | { readonly port: number };
  /** The local SFTP server for trying a franchise's file transfer settings (default: on, any free port); false → none. */
  readonly sftpSandbox?: false | { readonly port: number };
  /** The egress proxy of the static-IP slots (default: on, EGRESS_PROXY_PORT 8130, any free port when `port` is 0); false → none. */
  readonly egressProxy?: false | { readonly port: number };
  readonly log?: (line: string) => void;
}

export interface LocalRuntime {
  readonly url: string;
  readonly platformUrl: string;
  /** Set on the first run only, when the admin was created. */
  readonly createdAdmin: { email: string; password: string } | null;
  readonly endpoints: { dynamodb: string; sqs: string; signalQueueUrl: string; deadLetterUrl: string; tableName: string; phonePeSandbox: string | null; smtpSandbox: string | null; sftpSandbox: { address: string; username: string; password: string; folder: string } | null; egressProxy: string | null; egressEcho: string | null };
  stop(): Promise<void>;
}

const LOCAL_TABLE = 'tradebridge-local';

/**
 * The one-machine platform: real engines, the same handlers as the Lambdas, the queue poller, the
 * scheduler, the realtime socket and the SPA, all in this process tree. `stop()` undoes it in order.
 */
export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = resolve(options.dataDir);
  prepareDataDir(dataDir);
  if (options.port !== 0) await assertPortFree(options.host, options.port, 'PORT');
  if (options.quiet) setLogSink(() => undefined);

  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined);
  };
  try {
    const visibility = options.queueVisibilitySeconds ?? 30;
    const engines = await startLocalEngines({
      tableName: LOCAL_TABLE,
      dbPath: join(dataDir, 'dynamodb'),
      host: options.host,
      queueVisibilitySeconds: visibility,
    });
    stops.push(() => engines.stop());
    const frchId = options.defaultFranchiseId ?? 1;
    const egressSecret = localEgressSecret(dataDir);
    applyLocalEnvironment({
      tableName: engines.tableName,
      dynamodbEndpoint: engines.dynamodbEndpoint,
      sqsEndpoint: engines.sqsEndpoint,
      signalQueueUrl: engines.queues.queueUrl,
      jwtSecret: localSigningSecret(dataDir),
      defaultFranchiseId: frchId,
      franchiseHosts: options.franchiseHosts ?? {},
      dataDir,
      egressSecret,
    });
    // Before the seed: the local IP pool's slots name this proxy (EGRESS_PROXY_URL).
    const egress =
      options.egressProxy === false
        ? null
        : await startEgressSandbox({
            host: options.host,
            port: options.port === 0 ? 0 : (options.egressProxy?.port ?? DEFAULT_EGRESS_PROXY_PORT),
            secret: egressSecret,
            log: createLogger({ service: 'egress-proxy' }),
          });
    if (egress) stops.push(() => egress.stop());

    const restoreOrderPath = configureOrderPath({ paperAlwaysOpen: options.paperAlwaysOpen ?? true });
    stops.push(async () => restoreOrderPath());
    const seeded = await seedFirstRun(frchId, {
      email: options.adminEmail ?? 'admin@tradebridge.local',
      password: options.adminPassword ?? randomBytes(12).toString('base64url'),
    });

    const web = options.dev ? await viteDevServer(options.host) : await builtSpa(log);
    stops.push(() => web.close());
    const gateway = await startGateway({
      host: options.host,
      port: options.port,
      web: web.middleware,
      files: (request, response) => serveFiles(join(dataDir, 'files'), request, response),
      runtimeConfig: (request) => ({
        apiBaseUrl: '/api/v4',
        realtimeUrl: `ws://${request.headers.host ?? options.host}${REALTIME_PATH}`,
        captchaSiteKey: '',
        tenant: 'local',
      }),
      onError: (error) => log(`gateway error: ${error instanceof Error ? error.message : String(error)}`),
    });
    stops.push(() => gateway.stop());
    const phonePe = options.phonePeSandbox === false ? null : await startPhonePeSandbox({ dataDir, host: options.host, apiOrigin: gateway.url, frchId });
    if (phonePe) stops.push(() => phonePe.stop());
    const smtpSandbox = options.smtpSandbox === false ? null : await startSmtpSandbox({ dataDir, port: options.smtpSandbox?.port ?? 0 });
    if (smtpSandbox) stops.push(() => smtpSandbox.stop());
    const sftpSandbox = options.sftpSandbox === false ? null : await startSftpSandbox({ dataDir, port: options.sftpSandbox?.port ?? 0 });
    if (sftpSandbox) stops.push(() => sftpSandbox.stop());
    const realtime = attachRealtimeServer(gateway.server, {});
    stops.push(() => realtime.stop());

    const sqsClient = new SQSClient({ endpoint: engines.sqsEndpoint, region: 'ap-south-1' });
    stops.push(async () => sqsClient.destroy());
    const { Attributes } = await sqsClient.send(
      new GetQueueAttributesCommand({ QueueUrl: engines.queues.queueUrl, AttributeNames: ['QueueArn'] }),
    );
    const poller = startQueuePoller({
      client: sqsClient,
      queueUrl: engines.queues.queueUrl,
      queueArn: Attributes?.QueueArn ?? 'local',
      handler: signalWorker,
      batchSize: SIGNAL_QUEUE.batchSize,
      waitTimeSeconds: Math.max(1, Math.min(5, visibility - 1)),
      onError: (error) => log(`queue poller: ${error instanceof Error ? error.message : String(error)}`),
    });
    stops.push(() => poller.stop());
    const scheduler = startScheduler({ onError: (name, error) => log(`schedule ${name} failed: ${String(error)}`) });
    stops.push(() => scheduler.stop());

    return {
      url: gateway.url,
      platformUrl: `${gateway.url}/platform/`,
      createdAdmin: seeded.createdAdmin,
      endpoints: {
        dynamodb: engines.dynamodbEndpoint,
        sqs: engines.sqsEndpoint,
        signalQueueUrl: engines.queues.queueUrl,
        deadLetterUrl: engines.queues.deadLetterUrl,
        tableName: engines.tableName,
        phonePeSandbox: phonePe?.url ?? null,
        smtpSandbox: smtpSandbox?.address ?? null,
        sftpSandbox: sftpSandbox ? { address: sftpSandbox.address, username: sftpSandbox.username, password: sftpSandbox.password, folder: sftpSandbox.folder } : null,
        egressProxy: egress?.proxyUrl ?? null,
        egressEcho: egress?.echoUrl ?? null,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
