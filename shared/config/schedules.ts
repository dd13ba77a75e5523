/**
 * Periodic handlers: EventBridge Scheduler rules on AWS, in-process timers locally.
 * `module` is the handler file under functions/ exporting `handler`; `notifiesUsers` schedules push
 * notifications over the realtime channel; `runsAtStart` ones also run once when the local runtime starts
 * (a machine that was off would otherwise serve stale data until the first tick).
 */
export const SCHEDULES = [
  {
    name: 'realtime-connection-sweeper',
    module: 'workers/realtime-connection-sweeper.ts',
    everyMinutes: 10,
    description: 'Deletes realtime connections that have not been seen for longer than the idle limit.',
    notifiesUsers: false,
    runsAtStart: false,
  },
  {
    name: 'broker-session-expiry',
    module: 'workers/broker-session-expiry.ts',
    everyMinutes: 15,
    description: 'Marks connected broker accounts whose broker session has ended as expired and notifies their users.',
    notifiesUsers: true,
    runsAtStart: false,
  },
  {
    name: 'instrument-master-refresh',
    module: 'workers/instrument-master-refresh.ts',
    everyMinutes: 30,
    description: "Stores the day's instrument master from the brokers' files (once a day) and tells broker-panel admins when a file fails.",
    notifiesUsers: true,
    runsAtStart: true,
  },
  {
    name: 'group-master-mirror',
    module: 'workers/group-master-mirror.ts',
    everyMinutes: 1,
    description: "Copies new orders, modifications and cancellations on connected group masters' order books to their children (~1 s ticks for ~55 s while masters are polled).",
    notifiesUsers: true,
    runsAtStart: false,
  },
  {
    name: 'position-monitor',
    module: 'workers/position-monitor.ts',
    everyMinutes: 1,
    description: "Evaluates order-manager positions against the last traded price: entries, target, stop-loss, trailing, the trading window and group target / stop-loss (~1 s ticks for ~55 s while positions are watched in trading hours).",
    notifiesUsers: true,
    runsAtStart: false,
  },
  {
    name: 'payment-reconciliation',
    module: 'workers/payment-reconciliation.ts',
    everyMinutes: 1,
    description: "Asks PhonePe about payments still pending a couple of minutes after they started (with back-off) and credits the completed ones once, by the webhook's rule.",
    notifiesUsers: true,
    runsAtStart: true,
  },
  {
    name: 'ftp-export',
    module: 'workers/ftp-export.ts',
    everyMinutes: 30,
    description: "Nightly from 01:00 India time: sends each franchise's orders, wallet ledger and payments of the day before to its own server (FTP_CONFIG), and tries failed days again once a night.",
    notifiesUsers: true,
    runsAtStart: true,
  },
  {
    name: 'bulk-mail',
    module: 'workers/bulk-mail.ts',
    everyMinutes: 1,
    description: "Sends parents' queued bulk mails to their sub-users in batches at each franchise's rate (~50 s a run), carrying on mailings the run started at queuing time did not finish.",
    notifiesUsers: false,
    runsAtStart: true,
  },
  {
    name: 'static-ips',
    module: 'workers/static-ips.ts',
    everyMinutes: 30,
    description: "Tells static-IP holders 3 days before an IP's period ends, renews auto-renewing IPs from the owner's wallet at expiry, and releases the others into quarantine.",
    notifiesUsers: true,
    runsAtStart: true,
  },
  {
    name: 'strategy-subscriptions',
    module: 'workers/strategy-subscriptions.ts',
    everyMinutes: 15,
    description: "Reminds strategy subscribers 3 days before a period ends, renews auto-renewing subscriptions from the wallet (or ends them), ends the others and takes ended subscribers' accounts out of the strategy's fan-out.",
    notifiesUsers: true,
    runsAtStart: true,
  },
] as const;

export type ScheduleName = (typeof SCHEDULES)[number]['name'];
