import '../../infra/local/quiet-sdk';
import { pathToFileURL } from 'node:url';
import { startBenchPlatform } from './bench-platform';
import { measureSignalLatency, type SignalLatencyFigures } from './signal-latency';
import { measureWebhookAccept, type WebhookAcceptFigures } from './webhook-accept';
import { measureEngineFloor, type EngineFloorFigures } from './engine-floor';

export interface SignalPathFigures {
  readonly latency: SignalLatencyFigures;
  readonly webhookAccept: WebhookAcceptFigures;
  /** The same accept run with bodies that carry no signal_id: each also passes the retry window. */
  readonly webhookAcceptRetryWindow: WebhookAcceptFigures;
  /** One DynamoDB Local call after a pause: the floor under the worker's overhead. */
  readonly engineFloor: EngineFloorFigures;
}

/**
 * The signal path's benchmarks on one platform. The sequential signals run first, with a queue poller;
 * the accept bench runs after the poller stopped (its figures leave the worker out), and the
 * signals it queues are never executed.
 */
export async function measureSignalPath(): Promise<SignalPathFigures> {
  const platform = await startBenchPlatform();
  try {
    const latency = await measureSignalLatency(platform);
    const webhookAccept = await measureWebhookAccept(platform, 'named');
    const webhookAcceptRetryWindow = await measureWebhookAccept(platform, 'unnamed');
    const engineFloor = await measureEngineFloor();
    return { latency, webhookAccept, webhookAcceptRetryWindow, engineFloor };
  } finally {
    await platform.stop();
  }
}

async function main(): Promise<void> {
  const { latency, webhookAccept, webhookAcceptRetryWindow, engineFloor } = await measureSignalPath();
  const row = (name: string, figure: { samples: number; p50Ms: number; p99Ms: number; maxMs: number }, errors: number) => ({ figure: name, samples: figure.samples, errors, 'p50 ms': figure.p50Ms, 'p99 ms': figure.p99Ms, 'max ms': figure.maxMs });
  console.table([
    row(`webhook accept, ${webhookAccept.ratePerSecond} req/s, signal_id in the body`, webhookAccept, webhookAccept.errors),
    row(`webhook accept, ${webhookAcceptRetryWindow.ratePerSecond} req/s, no signal_id (retry window)`, webhookAcceptRetryWindow, webhookAcceptRetryWindow.errors),
    row('worker overhead, record → broker request', latency.workerOverhead, latency.errors),
    row('  of which the worker busy', latency.workerCpu, latency.errors),
    row('webhook → paper order', latency.webhookToOrder, latency.errors),
    row('webhook → worker pick-up', latency.webhookToPickUp, latency.errors),
    row('paper adapter placing', latency.paperPlace, latency.errors),
    row(`floor: GetItem, raw HTTP, after ${engineFloor.pauseMs} ms idle`, engineFloor.getRaw, 0),
    row('floor: GetItem, SDK', engineFloor.getSdk, 0),
    row('floor: conditional PutItem, SDK', engineFloor.conditionalPutSdk, 0),
    row('floor: TransactWriteItems of 4 puts, SDK', engineFloor.transactWrite4Sdk, 0),
  ]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
