import { startBenchPlatform, type BenchPlatform } from './bench-platform';
import { measureEngineFloor, type EngineFloorFigures } from './engine-floor';
import { measureGroupFanOut } from './group-fan-out';
import { printMedianOfRuns } from './order-path-median';
import { appendOrderPathRun } from './order-path-runs';
import { orderPathUnits, printOrderPathUnits } from './order-path-units';
import { measurePlaceOrderLatency, type PlaceOrderFigures } from './place-order-latency';
import { measureSignalFanOut } from './signal-fan-out';
import { measureSignalPath } from './signal-path';

/**
 * The order-path benchmarks share one platform (engines + gateway): starting it costs seconds. The
 * floor unit every issue-22 figure is judged in is measured first on it, before any order is placed;
 * `more` measures further benches on the same platform.
 */
export async function measureOrderPath<T>(more: (platform: BenchPlatform) => Promise<T>): Promise<{ floor: EngineFloorFigures; placeOrder: PlaceOrderFigures; more: T }> {
  const platform = await startBenchPlatform();
  try {
    const floor = await measureEngineFloor();
    const placeOrder = await measurePlaceOrderLatency(platform);
    return { floor, placeOrder, more: await more(platform) };
  } finally {
    await platform.stop();
  }
}

/**
 * `BENCH_ONLY=order-path`: only what issue 22's order figures need (the slots and subscribers fan-outs,
 * connections and login are left out); the run is appended to bench/order-path-runs.json, not
 * results.json, and judged with the median of the same commit's runs.
 */
export async function runOrderPathOnly(): Promise<void> {
  const { floor, placeOrder } = await measureOrderPath(async () => null);
  const fanOut = await measureGroupFanOut();
  const signalPath = await measureSignalPath();
  const signalFanOut = await measureSignalFanOut();
  const block = orderPathUnits({ floor, placeOrder, fanOut, signalPath, signalFanOut });
  printOrderPathUnits(block);
  printMedianOfRuns(appendOrderPathRun(block));
  console.log('\nAppended the run to bench/order-path-runs.json');
}
