/**
 * Periodic handlers: EventBridge Scheduler rules on AWS, in-process timers locally.
 * `module` is the handler file under functions/ exporting `handler`; `notifiesUsers` schedules push
 * notifications over the realtime channel.
 */
export const SCHEDULES = [
  {
    name: 'realtime-connection-sweeper',
    module: 'workers/realtime-connection-sweeper.ts',
    everyMinutes: 10,
    description: 'Deletes realtime connections that have not been seen for longer than the idle limit.',
    notifiesUsers: false,
  },
  {
    name: 'broker-session-expiry',
    module: 'workers/broker-session-expiry.ts',
    everyMinutes: 15,
    description: 'Marks connected broker accounts whose broker session has ended as expired and notifies their users.',
    notifiesUsers: true,
  },
] as const;

export type ScheduleName = (typeof SCHEDULES)[number]['name'];
