import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { StartupError } from '../startup-error';
import { freePort } from './free-port';
import type { RunningEngine } from './dynamodb-local';

const ENGINE_SCRIPT = fileURLToPath(new URL('./sqs-engine-process.ts', import.meta.url));
const READY_TIMEOUT_MS = 30_000;

/**
 * Starts the SQS-compatible engine in a child process bound to the given loopback host: the queue then
 * has its own event loop (and core), as a queue service does, instead of taking turns with the local
 * gateway and handlers. The child ends with this process.
 */
export async function startSqsLocal(options: { host?: string; port?: number } = {}): Promise<RunningEngine> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const child = fork(ENGINE_SCRIPT, [host, String(port)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2000);
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new StartupError('The SQS engine did not start within 30 s.')), READY_TIMEOUT_MS);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new StartupError(`The SQS engine stopped while starting (exit ${code}): ${output.trim().split('\n').pop() ?? ''}`));
    });
  });
  return {
    endpoint: `http://${host}:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
