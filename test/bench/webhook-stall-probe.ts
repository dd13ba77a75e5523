import '../../infra/local/quiet-sdk';
import { Agent, request } from 'node:http';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dynamo, sqs } from '../../functions/platform/clients';
import { benchSignalBody, bridgesFor, paperBridges } from './bench-bridges';
import { startBenchPlatform } from './bench-platform';
import { measureEngineFloor } from './engine-floor';
import { summariseLatency } from './latency-summary';

/**
 * Diagnostic, not part of `npm run bench` (issue 22): the open-loop load of webhook-accept.ts on the bench
 * platform, with each slow accept set beside what else happened then — node GC (PerformanceObserver),
 * event-loop stalls (a 1 ms timer, with the main thread's run and run-queue time from schedstat), each
 * DynamoDB Local / SQS call (client middleware), the JVM's GC pauses (its -Xlog:gc file) and the CPU of
 * every process and JVM thread (/proc). Linux only. Times are wall clock, so the JVM's log lines up.
 * Usage: JAVA_TOOL_OPTIONS='-Xlog:gc:file=/tmp/ddb-gc.log:time' node --import tsx test/bench/webhook-stall-probe.ts [rate] [seconds] [named|unnamed]
 * (JVM_GC_LOG names another log; STALL_PROBE_HEAP=1 also samples what the window's allocations promoted to old space.)
 * Raw spans go to /tmp/webhook-stall-probe.json.
 */
const RATE = Number(process.argv[2] ?? 100);
const SECONDS = Number(process.argv[3] ?? 10);
const BODIES = (process.argv[4] ?? 'named') as 'named' | 'unnamed';
const WARM_UP_SECONDS = 5;
const wall = () => performance.timeOrigin + performance.now();

interface Span { readonly start: number; readonly ms: number; readonly what: string }
const gcs: Span[] = [];
const stalls: Span[] = [];
const calls: Span[] = [];

const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const detail = (entry as unknown as { detail?: { kind?: number } }).detail;
    gcs.push({ start: performance.timeOrigin + entry.startTime, ms: entry.duration, what: `gc kind ${detail?.kind ?? '?'}` });
  }
});
gcObserver.observe({ entryTypes: ['gc'] });

/** The main thread's CPU (ns on a core, ns waiting in the run queue) from schedstat: a stall with little run time was a wait for a core. */
function mainThreadSched(): [number, number] {
  const [run = '0', wait = '0'] = readFileSync('/proc/self/schedstat', 'utf8').split(' ');
  return [Number(run) / 1e6, Number(wait) / 1e6];
}
/** CPU jiffies (1/100 s) of a process, all threads; of the whole machine (user+nice+system+irq+softirq, and steal). */
function processJiffies(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
function machineJiffies(): { busy: number; steal: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { busy: f[0]! + f[1]! + f[2]! + f[5]! + f[6]!, steal: f[7]! };
}
function childPids(): { pid: number; name: string }[] {
  const found: { pid: number; name: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.split(') ')[1]!.split(' ')[1]);
      if (ppid === process.pid) found.push({ pid: Number(entry), name: stat.slice(stat.indexOf('(') + 1, stat.indexOf(')')) });
    } catch {
      /* gone */
    }
  }
  return found;
}
/** CPU jiffies per thread name (pool numbers folded) of a process: which of the JVM's threads (JIT, GC, Jetty) burn its CPU. */
function threadJiffies(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/^(C[12] )|\d+/g, (match: string, compiler?: string) => compiler ?? '#');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byName.set(name, (byName.get(name) ?? 0) + Number(fields[11]) + Number(fields[12]));
    }
  } catch {
    /* gone */
  }
  return byName;
}
interface StallCpu { readonly runMs: number; readonly waitMs: number }
const stallCpu = new Map<Span, StallCpu>();
interface CpuSample { readonly at: number; readonly self: number; readonly children: Record<string, number>; readonly busy: number; readonly steal: number }
const cpuSamples: CpuSample[] = [];
let watched: { pid: number; name: string }[] = [];

// A 1 ms timer: a late tick is a stall of the whole loop.
let lastTick = wall();
let lastSched = mainThreadSched();
const ticker = setInterval(() => {
  const t = wall();
  const sched = mainThreadSched();
  if (t - lastTick > 4) {
    const stall = { start: lastTick, ms: t - lastTick, what: 'loop' };
    stalls.push(stall);
    stallCpu.set(stall, { runMs: sched[0] - lastSched[0], waitMs: sched[1] - lastSched[1] });
  }
  lastTick = t;
  lastSched = sched;
}, 1);
const cpuSampler = setInterval(() => {
  const children: Record<string, number> = {};
  for (const child of watched) children[child.name] = processJiffies(child.pid);
  cpuSamples.push({ at: wall(), self: processJiffies(process.pid), children, ...machineJiffies() });
}, 10);

function timeCalls(stack: { add: (mw: never, opts: never) => void }, service: string): void {
  const middleware = (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
    const start = wall();
    try {
      return await next(args);
    } finally {
      calls.push({ start, ms: wall() - start, what: `${service}.${context.commandName ?? '?'}` });
    }
  };
  stack.add(middleware as never, { step: 'finalizeRequest', priority: 'low', name: `stallProbeTimer${service}` } as never);
}

/** Pauses from the JVM's -Xlog:gc (time decoration) file, if the run was started with one. */
const JVM_GC_LOG = process.env.JVM_GC_LOG ?? '/tmp/ddb-gc.log';
function jvmPauses(): Span[] {
  if (!existsSync(JVM_GC_LOG)) return [];
  const spans: Span[] = [];
  for (const line of readFileSync(JVM_GC_LOG, 'utf8').split('\n')) {
    const m = /^\[([^\]]+)\] GC\(\d+\) (Pause [^(]*).* ([\d.]+)ms$/.exec(line);
    if (!m) continue;
    const end = Date.parse(m[1]!.replace(/\+0000$/, 'Z'));
    const ms = Number(m[3]);
    spans.push({ start: end - ms, ms, what: `jvm ${m[2]!.trim()}` });
  }
  return spans;
}

async function main(): Promise<void> {
  const platform = await startBenchPlatform();
  const eld = monitorEventLoopDelay({ resolution: 2 });
  try {
    watched = childPids();
    console.log('children', watched);
    timeCalls(dynamo().middlewareStack as never, 'ddb');
    timeCalls((await sqs()).middlewareStack as never, 'sqs');
    const bridges = bridgesFor(RATE * (SECONDS + WARM_UP_SECONDS));
    const { webhookPaths: paths } = await paperBridges(platform.url, bridges);
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    let sent = 0;
    const once = () =>
      new Promise<Span & { ok: boolean }>((resolve) => {
        sent += 1;
        const path = paths[sent % paths.length] ?? '';
        const { signal_id: _n, ...order } = JSON.parse(benchSignalBody('x')) as Record<string, unknown>;
        const body = BODIES === 'named' ? benchSignalBody(`stall-${sent}`) : JSON.stringify({ ...order, quantity: sent });
        const start = wall();
        const req = request(new URL(`${platform.url}${path}`), { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ start, ms: wall() - start, what: 'req', ok: res.statusCode === 202 }));
        });
        req.on('error', () => resolve({ start, ms: wall() - start, what: 'req', ok: false }));
        req.end(body);
      });
    const openLoop = async (count: number) => {
      const pending: Promise<Span & { ok: boolean }>[] = [];
      const start = performance.now();
      for (let i = 0; i < count; i += 1) {
        const wait = start + (i * 1000) / RATE - performance.now();
        if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
        pending.push(once());
      }
      return Promise.all(pending);
    };
    await openLoop(RATE * WARM_UP_SECONDS);
    const measuredFrom = wall();
    gcs.length = 0;
    stalls.length = 0;
    calls.length = 0;
    eld.enable();
    // STALL_PROBE_HEAP=1: sample the allocations that outlive the scavenges (promoted), to name what fills the old space.
    const heapSession = process.env.STALL_PROBE_HEAP ? new Session() : null;
    if (heapSession) {
      heapSession.connect();
      await heapSession.post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false } as never);
    }
    const threadsBefore = watched.map((child) => threadJiffies(child.pid));
    const results = await openLoop(RATE * SECONDS);
    eld.disable();
    const measuredTo = wall();
    if (heapSession) {
      const { profile } = (await heapSession.post('HeapProfiler.stopSampling')) as unknown as { profile: unknown };
      writeFileSync('/tmp/webhook-stall-probe.heapprofile', JSON.stringify(profile));
      heapSession.disconnect();
    }
    watched.forEach((child, index) => {
      const after = threadJiffies(child.pid);
      const used = [...after].map(([name, jiffies]) => [name, (jiffies - (threadsBefore[index]?.get(name) ?? 0)) * 10] as const).filter(([, cpuMs]) => cpuMs > 0).sort((a, b) => b[1] - a[1]);
      console.log(`${child.name} threads, cpu ms in the window:`, JSON.stringify(Object.fromEntries(used)));
    });
    const selfThreads = threadJiffies(process.pid);
    console.log('self threads (cumulative) cpu ms:', JSON.stringify(Object.fromEntries([...selfThreads].map(([n, j]) => [n, j * 10]))));
    agent.destroy();
    const ms = (values: number[]) => summariseLatency(values);
    const byKind = new Map<string, number[]>();
    for (const call of calls) byKind.set(call.what, [...(byKind.get(call.what) ?? []), call.ms]);
    const row = (name: string, values: number[]) => { const f = ms(values); return { name, n: f.samples, p50: f.p50Ms.toFixed(2), p99: f.p99Ms.toFixed(2), max: f.maxMs.toFixed(1) }; };
    console.log('errors', results.filter((r) => !r.ok).length);
    console.table([row('accept', results.map((r) => r.ms)), ...[...byKind].map(([kind, values]) => row(kind, values))]);
    const cpuFirst = cpuSamples.find((c) => c.at >= measuredFrom);
    const cpuLast = [...cpuSamples].reverse().find((c) => c.at <= measuredTo);
    if (cpuFirst && cpuLast) {
      const perReq = (a: number, b: number) => (((b - a) * 10) / results.length).toFixed(2);
      console.log('cpu ms per request', JSON.stringify({ self: perReq(cpuFirst.self, cpuLast.self), ...Object.fromEntries(Object.keys(cpuLast.children).map((n) => [n, perReq(cpuFirst.children[n] ?? 0, cpuLast.children[n] ?? 0)])), machine: perReq(cpuFirst.busy, cpuLast.busy), steal: perReq(cpuFirst.steal, cpuLast.steal) }));
    }
    console.log('eventLoopDelay ms', { p50: eld.percentile(50) / 1e6, p99: eld.percentile(99) / 1e6, max: eld.max / 1e6 });
    console.log('node gc', { count: gcs.length, totalMs: gcs.reduce((s, g) => s + g.ms, 0).toFixed(1), maxMs: Math.max(0, ...gcs.map((g) => g.ms)).toFixed(1) });
    console.log('loop stalls > 4 ms', { count: stalls.length, over10: stalls.filter((s) => s.ms > 10).length, maxMs: Math.max(0, ...stalls.map((s) => s.ms)).toFixed(1) });
    const overlaps = (a: Span, b: Span) => a.start < b.start + b.ms && b.start < a.start + a.ms;
    const jvm = jvmPauses().filter((p) => p.start + p.ms >= measuredFrom && p.start <= measuredTo);
    console.log('jvm gc pauses', { count: jvm.length, totalMs: jvm.reduce((s, p) => s + p.ms, 0).toFixed(1), maxMs: Math.max(0, ...jvm.map((p) => p.ms)).toFixed(1) });
    const bigStalls = stalls.filter((s) => s.ms > 10);
    const stallWith = (spans: Span[]) => bigStalls.filter((s) => spans.some((o) => overlaps(s, o))).length;
    console.log('loop stalls > 10 ms overlapping', { total: bigStalls.length, nodeGc: stallWith(gcs), jvmGc: stallWith(jvm) });
    const sumOver = (r: Span, spans: Span[]) => spans.filter((s) => overlaps(r, s)).reduce((t, s) => t + s.ms, 0).toFixed(1);
    const maxOver = (r: Span, spans: Span[]) => Math.max(0, ...spans.filter((s) => overlaps(r, s)).map((s) => s.ms)).toFixed(1);
    const cpuAround = (span: Span) => {
      const before = [...cpuSamples].reverse().find((c) => c.at <= span.start);
      const after = cpuSamples.find((c) => c.at >= span.start + span.ms);
      if (!before || !after) return {};
      const jiffyMs = (a: number, b: number) => (b - a) * 10;
      const children = Object.fromEntries(Object.keys(after.children).map((name) => [name, jiffyMs(before.children[name] ?? 0, after.children[name] ?? 0)]));
      const sampled = jiffyMs(before.at / 10, after.at / 10);
      const self = jiffyMs(before.self, after.self);
      const busy = jiffyMs(before.busy, after.busy);
      const childSum = Object.values(children).reduce((a, b) => a + b, 0);
      return { windowMs: sampled.toFixed(0), machineBusyMs: busy, stealMs: jiffyMs(before.steal, after.steal), selfMs: self, ...children, othersMs: busy - self - childSum };
    };
    console.table([...bigStalls].sort((a, b) => b.ms - a.ms).slice(0, 12).map((s) => ({ at: ((s.start - measuredFrom) / 1000).toFixed(3), stallMs: s.ms.toFixed(1), mainRunMs: stallCpu.get(s)?.runMs.toFixed(1), mainRunQueueWaitMs: stallCpu.get(s)?.waitMs.toFixed(1), nodeGcMs: sumOver(s, gcs), jvmGcMs: sumOver(s, jvm), ...cpuAround(s) })));
    const slow = [...results].sort((a, b) => b.ms - a.ms).slice(0, 15);
    const ddb = calls.filter((c) => c.what.startsWith('ddb'));
    const sqsCalls = calls.filter((c) => c.what.startsWith('sqs'));
    console.table(slow.map((r) => ({ at: ((r.start - measuredFrom) / 1000).toFixed(3), ms: r.ms.toFixed(1), nodeGcMs: sumOver(r, gcs), maxLoopStall: maxOver(r, stalls), jvmGcMs: sumOver(r, jvm), maxDdbCall: maxOver(r, ddb), maxSqsCall: maxOver(r, sqsCalls) })));
    writeFileSync('/tmp/webhook-stall-probe.json', JSON.stringify({ measuredFrom, measuredTo, results, gcs, stalls, calls }));
    const floor = await measureEngineFloor();
    console.log('floor getSdk p50', floor.getSdk.p50Ms.toFixed(2), 'units: accept p99 =', (summariseLatency(results.map((r) => r.ms)).p99Ms / floor.getSdk.p50Ms).toFixed(2));
    console.log('measured window (epoch ms)', measuredFrom.toFixed(0), measuredTo.toFixed(0), new Date(measuredFrom).toISOString());
  } finally {
    clearInterval(ticker);
    clearInterval(cpuSampler);
    gcObserver.disconnect();
    await platform.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
