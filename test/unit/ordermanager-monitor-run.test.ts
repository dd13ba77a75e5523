import { describe, expect, it } from 'vitest';
import { createCandleBook } from '../../functions/ordermanager/monitor/candle-book';
import { runPositionMonitor } from '../../functions/ordermanager/monitor/monitor-run';
import { createLogger } from '../../functions/platform/logger';
import { requestShutdown } from '../../functions/platform/shutdown';

const log = createLogger({ test: 'monitor-run' }, 'error');
const quietTick = async () => ({ activeGroups: 0 });

describe('the position monitor run', () => {
  it('keeps ticking in the trading window with nothing to watch, until the process asks it to stop', async () => {
    // A 10-minute run of 20 ms ticks, always in the window: only the shutdown request can end it early.
    const running = runPositionMonitor({ runForMs: 600_000, tickMs: 20, log, candles: createCandleBook(), marketMayTrade: () => true, tick: quietTick });
    await new Promise((resolve) => setTimeout(resolve, 200));
    requestShutdown();
    const { ticks } = await running;
    expect(ticks).toBeGreaterThan(1);
    expect(ticks).toBeLessThan(600_000 / 20);
  });

  it('ends after one quiet tick outside the trading window', async () => {
    const { ticks } = await runPositionMonitor({ runForMs: 600_000, tickMs: 20, log, candles: createCandleBook(), marketMayTrade: () => false, tick: quietTick });
    expect(ticks).toBe(1);
  });

  it('keeps ticking outside the window while a tick has work, up to its run time', async () => {
    let calls = 0;
    const busyThenQuiet = async () => ({ activeGroups: (calls += 1) <= 3 ? 1 : 0 });
    const { ticks } = await runPositionMonitor({ runForMs: 600_000, tickMs: 5, log, candles: createCandleBook(), marketMayTrade: () => false, tick: busyThenQuiet });
    expect(ticks).toBe(4);
  });
});
