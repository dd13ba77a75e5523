/**
 * Periodic handlers: EventBridge Scheduler rules on AWS, in-process timers locally.
 * `module` is the handler file under functions/ exporting `handler`.
 */
export const SCHEDULES = [
  {
    name: 'realtime-connection-sweeper',
    module: 'workers/realtime-connection-sweeper.ts',
    everyMinutes: 10,
    description: 'Deletes realtime connections that have not been seen for longer than the idle limit.',
  },
] as const;

export type ScheduleName = (typeof SCHEDULES)[number]['name'];
