import { describe, expect, it } from 'vitest';
import { InFlightGate } from '../../functions/broker-adapters/http/in-flight-gate';

describe('in-flight gate', () => {
  it('keeps at most the limit open, starts waiters in order, and frees the slot when work fails', async () => {
    const gate = new InFlightGate(3);
    let open = 0;
    let mostOpen = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const work = (index: number) =>
      gate.run(async () => {
        open += 1;
        mostOpen = Math.max(mostOpen, open);
        started.push(index);
        await new Promise<void>((resolve) => releases.push(resolve));
        open -= 1;
        if (index === 0) throw new Error('broker down');
        return index;
      });
    const all = Array.from({ length: 8 }, (_, index) => work(index).catch(() => -1));
    for (let round = 0; round < 20 && started.length < 8; round += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    while (releases.length > 0) releases.shift()?.();
    expect(await Promise.all(all)).toEqual([-1, 1, 2, 3, 4, 5, 6, 7]);
    expect(mostOpen).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
