import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { SCHEDULES } from '../../shared/config/schedules';
import { ROUTE_GROUP_NAMES } from '../../shared/contracts/route-groups';
import { BUNDLE_EXTERNALS, ESM_BUNDLE_BANNER } from '../../infra/lib/api-function';
import { REPO_ROOT } from '../../infra/local/spa-build';

export interface BundleFigure {
  readonly name: string;
  readonly minifiedBytes: number;
  readonly coldImportMs: number;
}

/** Every Lambda entry the stack deploys. */
export function lambdaEntries(): { name: string; entry: string }[] {
  return [
    ...ROUTE_GROUP_NAMES.map((group) => ({ name: `group:${group}`, entry: `functions/${group}/index.ts` })),
    { name: 'worker:signal-worker', entry: 'functions/workers/signal-worker.ts' },
    { name: 'worker:rotate-secret', entry: 'functions/workers/rotate-secret.ts' },
    { name: 'realtime', entry: 'functions/realtime/index.ts' },
    ...SCHEDULES.map((s) => ({ name: `schedule:${s.name}`, entry: `functions/${s.module}` })),
  ];
}

/** Bundles like the CDK NodejsFunction (ESM, minified, Node 24, AWS SDK external) and times a cold import. */
export async function measureBundles(): Promise<BundleFigure[]> {
  const outDir = join(REPO_ROOT, 'node_modules', '.cache', 'tradebridge-bench');
  mkdirSync(outDir, { recursive: true });
  const figures: BundleFigure[] = [];
  for (const { name, entry } of lambdaEntries()) {
    const outfile = join(outDir, `${name.replace(/[:]/g, '-')}.mjs`);
    await build({
      entryPoints: [join(REPO_ROOT, entry)],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'node',
      target: 'node24',
      outfile,
      external: BUNDLE_EXTERNALS,
      banner: { js: ESM_BUNDLE_BANNER },
      logLevel: 'error',
    });
    const probe = `const t=performance.now();await import(${JSON.stringify(outfile)});console.log(performance.now()-t)`;
    const runs = [0, 1, 2].map(() => {
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
        encoding: 'utf8',
        env: { ...process.env, TABLE_NAME: 'bench', JWT_SECRET: 'x'.repeat(40), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      });
      if (result.status !== 0) throw new Error(`cold import of ${name} failed: ${result.stderr}`);
      return Number(result.stdout.trim());
    });
    figures.push({ name, minifiedBytes: statSync(outfile).size, coldImportMs: Math.min(...runs) });
  }
  return figures;
}
