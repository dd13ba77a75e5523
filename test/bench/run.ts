import '../../infra/local/quiet-sdk';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../infra/local/spa-build';
import { measureBundles } from './bundles';
import { measureGatewayLatency } from './gateway-latency';
import { measureScriptSearch } from './script-search';
import { measureSpaInitialJs } from './spa-size';

/** `npm run bench`: measures, prints a table against the targets, and writes bench/results.json. */
const TARGETS = { bundleMinifiedKb: 400, coldImportMs: 150, spaInitialGzipKb: 200, scriptSearchP99Ms: 20 };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const round = (ms: number) => Math.round(ms * 100) / 100;

async function main() {
  const spa = await measureSpaInitialJs();
  const bundles = await measureBundles();
  const latency = await measureGatewayLatency(200, 10);
  const search = await measureScriptSearch();

  console.log('\nGateway round trip, GET /users/getuserprofile (authenticated), open loop');
  console.table([{ 'rate/s': latency.ratePerSecond, requests: latency.requests, errors: latency.errors, 'p50 ms': round(latency.p50Ms), 'p99 ms': round(latency.p99Ms), 'max ms': round(latency.maxMs) }]);
  console.log(`Lambda bundles (target ≤ ${TARGETS.bundleMinifiedKb} KB minified, cold import ≤ ${TARGETS.coldImportMs} ms)`);
  console.table(
    bundles.map((b) => ({
      function: b.name,
      'minified KB': kb(b.minifiedBytes),
      'cold import ms': round(b.coldImportMs),
      ok: kb(b.minifiedBytes) <= TARGETS.bundleMinifiedKb && b.coldImportMs <= TARGETS.coldImportMs ? 'yes' : 'NO',
    })),
  );
  console.log(`Script search over the sample master (${search.rows} rows): p50 ${round(search.p50Ms)} ms, p99 ${round(search.p99Ms)} ms over ${search.queries} queries — target p99 ≤ ${TARGETS.scriptSearchP99Ms} ms`);
  console.log(`SPA initial JS: ${kb(spa.gzipBytes)} KB gzip (${kb(spa.rawBytes)} KB raw) in ${spa.files.join(', ')} — target ≤ ${TARGETS.spaInitialGzipKb} KB gzip`);

  const results = {
    measuredAt: new Date().toISOString(),
    machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
    targets: TARGETS,
    gatewayLatency: { ...latency, p50Ms: round(latency.p50Ms), p99Ms: round(latency.p99Ms), maxMs: round(latency.maxMs) },
    lambdaBundles: bundles.map((b) => ({ name: b.name, minifiedKb: kb(b.minifiedBytes), coldImportMs: round(b.coldImportMs) })),
    spaInitialJs: { files: spa.files, gzipKb: kb(spa.gzipBytes), rawKb: kb(spa.rawBytes) },
    scriptSearch: { rows: search.rows, queries: search.queries, p50Ms: round(search.p50Ms), p99Ms: round(search.p99Ms), maxMs: round(search.maxMs), loadMs: round(search.loadMs) },
  };
  mkdirSync(join(REPO_ROOT, 'bench'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nWrote bench/results.json');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
