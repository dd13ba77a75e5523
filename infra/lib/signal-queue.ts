import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SIGNAL_QUEUE, SIGNAL_QUEUE_VISIBILITY_SECONDS } from '../../shared/config/queues';

export interface SignalQueueProps {
  readonly tenant: string;
  readonly isProd: boolean;
}

/** Webhook signals → signal worker: SQS FIFO with a FIFO dead-letter queue (DESIGN.md §1, §5). */
export class SignalQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: SignalQueueProps) {
    super(scope, id);
    const removalPolicy = props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      queueName: `${props.tenant}-${SIGNAL_QUEUE.deadLetterName}`,
      fifo: true,
      retentionPeriod: Duration.days(SIGNAL_QUEUE.deadLetterRetentionDays),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy,
    });

    this.queue = new Queue(this, 'Queue', {
      queueName: `${props.tenant}-${SIGNAL_QUEUE.name}`,
      fifo: true,
      // Deduplication id = signal id, set by the sender (DESIGN.md §5).
      contentBasedDeduplication: false,
      visibilityTimeout: Duration.seconds(SIGNAL_QUEUE_VISIBILITY_SECONDS),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: SIGNAL_QUEUE.maxReceiveCount },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy,
    });
  }
}
