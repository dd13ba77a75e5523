import { SCHEDULES } from '../../shared/config/schedules';
import { now } from '../../functions/platform/clock';
import { requestShutdown } from '../../functions/platform/shutdown';
import { SCHEDULE_HANDLER_MODULES } from './schedule-handlers';

/**
 * In-process timers standing in for the EventBridge schedules: each handler runs every
 * `everyMinutes` with an EventBridge-shaped event (and once at start when `runsAtStart`); a run never
 * overlaps the previous one. Stopping asks running handlers to end early (functions/platform/shutdown.ts).
 */
export function startScheduler(options: { onError: (name: string, error: unknown) => void; speedUp?: number }) {
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<unknown>>();
  for (const schedule of SCHEDULES) {
    let busy = false;
    const run = async () => {
      if (busy) return;
      busy = true;
      try {
        const { handler } = await SCHEDULE_HANDLER_MODULES[schedule.name]();
        await handler({ source: 'aws.events', 'detail-type': 'Scheduled Event', time: now().toISOString() });
      } catch (error) {
        options.onError(schedule.name, error);
      } finally {
        busy = false;
      }
    };
    const tick = () => {
      const pending = run();
      inFlight.add(pending);
      void pending.finally(() => inFlight.delete(pending));
    };
    const interval = (schedule.everyMinutes * 60_000) / (options.speedUp ?? 1);
    timers.push(setInterval(tick, interval));
    if (schedule.runsAtStart) tick();
  }
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      // Runs that tick for most of a minute end at their next tick instead of waiting out their clock.
      requestShutdown();
      await Promise.all(inFlight);
    },
  };
}
