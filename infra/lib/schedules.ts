import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { SCHEDULES } from '../../shared/config/schedules';
import { ApiFunction, type FunctionDefaults } from './api-function';
import { applyCapabilities, type SharedResources } from './function-access';

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
      });
      applyCapabilities(
        fn,
        {
          tableItems: true,
          sendsSignals: false,
          holdsUserSecrets: false,
          pushesRealtime: schedule.notifiesUsers,
          storesFiles: false,
          sendsMail: false,
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
