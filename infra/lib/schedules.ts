import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import type { EgressPool } from '../egress/egress-pool';
import { SCHEDULES, type ScheduleName } from '../../shared/config/schedules';
import { ApiFunction, ROUTE_GROUP_MEMORY_MB, type FunctionDefaults } from './api-function';
import { applyCapabilities, type FunctionCapabilities, type SharedResources } from './function-access';

/**
 * Schedules that use the instrument master: the daily refresh reads the previous one and writes the
 * new; master mirroring resolves the master's order-book rows to scripts, the position monitor reads
 * prices and places orders for scripts of the master (until a refreshed master is stored, readers build
 * the sample master for the day in memory).
 */
const INSTRUMENT_MASTER_ACCESS: Partial<Record<ScheduleName, NonNullable<FunctionCapabilities['instrumentMaster']>>> = {
  'instrument-master-refresh': 'read-write',
  'group-master-mirror': 'read',
  'position-monitor': 'read',
};

/** Schedules that open sealed secrets (the user secrets key): mirroring reads masters' books and places children's orders; the position monitor places and reconciles positions' orders; payment reconciliation opens the franchise's PhonePe credentials; the file export opens FTP_CONFIG's password or key; bulk mail opens MAIL_CONFIG's password. */
const USER_SECRET_HOLDERS: ReadonlySet<ScheduleName> = new Set(['group-master-mirror', 'position-monitor', 'payment-reconciliation', 'ftp-export', 'bulk-mail']);

/** Schedules that send mail: bulk mails go through the franchise's SMTP server, or the platform's SES sender when it has none. */
const MAIL_SENDERS: ReadonlySet<ScheduleName> = new Set(['bulk-mail']);

/**
 * Schedules that need more than the defaults: the master refresh downloads and parses five broker
 * files in turn; a mirror run and a position-monitor run tick for ~55 s (functions/workers/group-master-mirror.ts,
 * position-monitor.ts) and their last tick may still be placing orders.
 */
const SCHEDULE_SIZING: Partial<Record<ScheduleName, { readonly timeout: Duration; readonly memorySize: number }>> = {
  'instrument-master-refresh': { timeout: Duration.minutes(10), memorySize: 2048 },
  'group-master-mirror': { timeout: Duration.seconds(90), memorySize: ROUTE_GROUP_MEMORY_MB },
  'position-monitor': { timeout: Duration.seconds(90), memorySize: ROUTE_GROUP_MEMORY_MB },
  // Each franchise's day: three attempts of up to ~15 s connections with waits between them, days in turn.
  'ftp-export': { timeout: Duration.minutes(15), memorySize: ROUTE_GROUP_MEMORY_MB },
};

/**
 * Schedules that call brokers through the slots: orders (children's copies, order-manager exits) and the
 * static-IP upkeep (registrations and re-logins). With an egress pool they join its network.
 */
export const BROKER_CALLING_SCHEDULES: ReadonlySet<ScheduleName> = new Set(['group-master-mirror', 'position-monitor', 'static-ips']);

export interface SchedulesProps {
  readonly tenant: string;
  readonly defaults: FunctionDefaults;
  readonly resources: SharedResources;
  /** The static-IP egress pool, when the tenant has one. */
  readonly egress?: EgressPool;
}

/** One Lambda and one EventBridge rate rule per entry of `SCHEDULES`. */
export class Schedules extends Construct {
  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    for (const schedule of SCHEDULES) {
      const egress = BROKER_CALLING_SCHEDULES.has(schedule.name) ? props.egress : undefined;
      const fn = new ApiFunction(this, `${schedule.name}-function`, {
        defaults: props.defaults,
        entry: schedule.module,
        description: `TradeBridge ${props.tenant} schedule ${schedule.name}`,
        ...SCHEDULE_SIZING[schedule.name],
        ...(egress ? { network: egress.functionNetwork } : {}),
      });
      egress?.admit(fn);
      const masterAccess = INSTRUMENT_MASTER_ACCESS[schedule.name];
      applyCapabilities(
        fn,
        {
          tableItems: true,
          sendsSignals: false,
          holdsUserSecrets: USER_SECRET_HOLDERS.has(schedule.name),
          pushesRealtime: schedule.notifiesUsers,
          storesFiles: false,
          sendsMail: MAIL_SENDERS.has(schedule.name),
          ...(masterAccess ? { instrumentMaster: masterAccess } : {}),
        },
        props.resources,
      );
      new Rule(this, `${schedule.name}-rule`, {
        description: schedule.description,
        schedule: Schedule.rate(Duration.minutes(schedule.everyMinutes)),
        targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
      });
    }
  }
}
