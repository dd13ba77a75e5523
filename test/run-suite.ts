import { spawn } from 'node:child_process';

/**
 * `npm test`: the whole suite as two `vitest run`s side by side. The end-to-end files share one local
 * runtime and one Chromium, so they run one at a time (`fileParallelism: false`), and Vitest runs such
 * files only after every other file has finished — about five minutes with one core idle. Here they run
 * in a process of their own, beside the unit, integration, infra and web projects (each run starts its
 * own engines on free ports). The end-to-end run's output is printed as one block when it ends, so the
 * two reports do not interleave. Arguments are passed to both runs (e.g. `npm test -- --reporter=dot`);
 * to run some files, call `npx vitest run <files>` directly.
 */
const MAIN_PROJECTS = ['unit', 'integration', 'infra', 'web'];
const SIDE_PROJECTS = ['e2e'];

interface Finished {
  readonly name: string;
  readonly code: number;
}

function vitest(name: string, projects: readonly string[], buffered: boolean): Promise<Finished> {
  const args = ['vitest', 'run', ...projects.flatMap((project) => ['--project', project]), ...process.argv.slice(2)];
  const child = spawn('npx', args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      if (buffered) {
        process.stdout.write(`\n===== ${name} (${projects.join(', ')}) =====\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, code: code ?? (signal ? 1 : 0) });
    });
  });
}

async function main(): Promise<void> {
  const runs = await Promise.all([vitest('main', MAIN_PROJECTS, false), vitest('end-to-end', SIDE_PROJECTS, true)]);
  const failed = runs.filter((run) => run.code !== 0);
  console.log(failed.length === 0 ? '\nBoth runs passed.' : `\nFailed: ${failed.map((run) => `${run.name} (exit ${run.code})`).join(', ')}.`);
  process.exit(failed.length === 0 ? 0 : 1);
}

void main();
