import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../functions/data/table';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { summariseLatency, type LatencySummary } from './latency-summary';

/**
 * What one DynamoDB Local call costs on this machine, the floor under the signal worker's overhead
 * (it makes one read and one transactional write before the broker call; ADR 0008). Each call is
 * made after a 20 ms pause, as the worker's calls come after the queue's: on an idle machine the
 * first request after a pause pays the wake-up of the engine's threads and the vCPUs. "raw" is the
 * same GetItem as a hand-written HTTP request (no SDK: no middleware, marshalling or signing), so
 * the SDK's share shows.
 */
export interface EngineFloorFigures {
  readonly pauseMs: number;
  readonly getRaw: LatencySummary;
  readonly getSdk: LatencySummary;
  readonly conditionalPutSdk: LatencySummary;
  /** Four conditional puts in one TransactWriteItems, the shape of the worker's one write. */
  readonly transactWrite4Sdk: LatencySummary;
}

const PAUSE_MS = 20;
const SAMPLES = 200;
const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

async function timedAfterPause(call: (index: number) => Promise<unknown>): Promise<LatencySummary> {
  const timings: number[] = [];
  for (let index = 0; index < SAMPLES; index += 1) {
    await pause();
    const started = performance.now();
    await call(index);
    timings.push(performance.now() - started);
  }
  return summariseLatency(timings);
}

export async function measureEngineFloor(): Promise<EngineFloorFigures> {
  const table = tableName();
  const endpoint = new URL(config().dynamodbEndpoint ?? '');
  const key = { PK: 'BENCH#FLOOR', SK: 'ITEM' };
  await dynamo().send(new PutCommand({ TableName: table, Item: { ...key, note: 'x'.repeat(300) } }));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const rawBody = JSON.stringify({ TableName: table, Key: { PK: { S: key.PK }, SK: { S: key.SK } }, ConsistentRead: true });
  const rawGet = () =>
    new Promise<void>((resolve, reject) => {
      const headers = {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.GetItem',
        // DynamoDB Local reads the credential's shape, not the signature.
        authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
        'x-amz-date': '20260101T000000Z',
        'content-length': String(Buffer.byteLength(rawBody)),
      };
      const req = request({ host: endpoint.hostname, port: endpoint.port, method: 'POST', path: '/', agent, headers }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`raw GetItem answered ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(rawBody);
    });
  const run = `${Date.now()}`;
  const putItem = (name: string) => ({ TableName: table, Item: { PK: `BENCH#FLOOR#${run}#${name}`, SK: 'ITEM', note: 'x'.repeat(300) }, ConditionExpression: 'attribute_not_exists(PK)' });
  try {
    // Warm-up, not timed: the JIT of both sides.
    for (let index = 0; index < 50; index += 1) await rawGet();
    return {
      pauseMs: PAUSE_MS,
      getRaw: await timedAfterPause(rawGet),
      getSdk: await timedAfterPause(() => dynamo().send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))),
      conditionalPutSdk: await timedAfterPause((index) => dynamo().send(new PutCommand(putItem(`put-${index}`)))),
      transactWrite4Sdk: await timedAfterPause((index) =>
        dynamo().send(new TransactWriteCommand({ TransactItems: [0, 1, 2, 3].map((part) => ({ Put: putItem(`tx-${index}-${part}`) })) })),
      ),
    };
  } finally {
    agent.destroy();
  }
}
