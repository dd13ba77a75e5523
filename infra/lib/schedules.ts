import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { SCHEDULES, type ScheduleName } from '../../shared/config/schedules';
import { ApiFunction, type FunctionDefaults } from './api-function';
import { applyCapabilities, type FunctionCapabilities, type SharedResources } from './function-access';

/** Schedules that store the instrument master (the daily refresh reads the previous one and writes the new). */
const INSTRUMENT_MASTER_ACCESS: Partial<Record<ScheduleName, NonNullable<FunctionCapabilities['instrumentMaster']>>> = {
  'instrument-master-refresh': 'read-write',
};

/** Schedules that need more than the defaults: the master refresh downloads and parses five broker files in turn. */
const SCHEDULE_SIZING: Partial<Record<ScheduleName, { readonly timeout: Duration; readonly memorySize: number }>> = {
  'instrument-master-refresh': { timeout: Duration.minutes(10), memorySize: 2048 },
};

export interface SchedulesProps {
  readonly tenant: string;
  readonly defaults: FunctionDefaults;
  readonly resources: SharedResources;
}

/** One Lambda and one EventBridge rate rule per entry of `SCHEDULES`. */
export class Schedules extends Construct {
  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    for (const schedule of SCHEDULES) {
      const fn = new ApiFunction(this, `${schedule.name}-function`, {
        defaults: props.defaults,
        entry: schedule.module,
        description: `TradeBridge ${props.tenant} schedule ${schedule.name}`,
        ...SCHEDULE_SIZING[schedule.name],
      });
      const masterAccess = INSTRUMENT_MASTER_ACCESS[schedule.name];
      applyCapabilities(
        fn,
        {
          tableItems: true,
          sendsSignals: false,
          holdsUserSecrets: false,
          pushesRealtime: schedule.notifiesUsers,
          storesFiles: false,
          sendsMail: false,
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
