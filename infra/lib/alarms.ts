import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface AlarmsProps {
  readonly tenant: string;
  readonly alarmEmail: string;
  readonly deadLetterQueue: IQueue;
  readonly httpApi: HttpApi;
  readonly signalWorker: IFunction;
}

interface AlarmSpec {
  readonly id: string;
  readonly description: string;
  readonly metric: IMetric;
  readonly threshold: number;
}

/** What needs a human: signals parked in the DLQ, API server errors, signal worker failures → email. */
export class Alarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    // enforceSSL: the topic policy refuses any publish that does not come over TLS.
    this.topic = new Topic(this, 'Topic', { displayName: `TradeBridge ${props.tenant} alarms`, enforceSSL: true });
    this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const fiveMinutes = Duration.minutes(5);

    const specs: AlarmSpec[] = [
      {
        id: 'SignalDeadLetters',
        description: 'Signals reached the dead-letter queue: inspect and replay them.',
        metric: props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(1),
          statistic: 'Maximum',
        }),
        threshold: 1,
      },
      {
        id: 'Api5xx',
        description: 'The HTTP API answered 5 or more server errors in 5 minutes.',
        metric: props.httpApi.metricServerError({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 5,
      },
      {
        id: 'SignalWorkerErrors',
        description: 'The signal worker failed (invocation errors, not per-record failures).',
        metric: props.signalWorker.metricErrors({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 1,
      },
    ];

    const action = new SnsAction(this.topic);
    for (const spec of specs) {
      const alarm = new Alarm(this, spec.id, {
        alarmDescription: `TradeBridge ${props.tenant}: ${spec.description}`,
        metric: spec.metric,
        threshold: spec.threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }
  }
}
