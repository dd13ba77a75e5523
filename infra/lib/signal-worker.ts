import { Duration } from 'aws-cdk-lib';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import type { EgressPool } from '../egress/egress-pool';
import { SIGNAL_QUEUE } from '../../shared/config/queues';
import { ApiFunction, type FunctionDefaults } from './api-function';
import { applyCapabilities, type SharedResources } from './function-access';

export interface SignalWorkerProps {
  readonly tenant: string;
  readonly defaults: FunctionDefaults;
  readonly resources: SharedResources;
  readonly queue: Queue;
  /** The static-IP egress pool, when the tenant has one: the worker places orders, so it joins its network. */
  readonly egress?: EgressPool;
}

/** Consumes the signal queue and places the orders; failed records go back one by one (partial batch). */
export class SignalWorker extends Construct {
  readonly fn: ApiFunction;

  constructor(scope: Construct, id: string, props: SignalWorkerProps) {
    super(scope, id);
    this.fn = new ApiFunction(this, 'Function', {
      defaults: props.defaults,
      entry: 'workers/signal-worker.ts',
      description: `TradeBridge ${props.tenant} signal worker`,
      timeout: Duration.seconds(SIGNAL_QUEUE.workerTimeoutSeconds),
      ...(props.egress ? { network: props.egress.functionNetwork } : {}),
    });
    props.egress?.admit(this.fn);
    applyCapabilities(
      this.fn,
      { tableItems: true, sendsSignals: false, holdsUserSecrets: true, pushesRealtime: true, storesFiles: false, sendsMail: false },
      props.resources,
    );
    // The event source grants the consume actions (receive, delete, change visibility, attributes).
    this.fn.addEventSource(
      new SqsEventSource(props.queue, {
        batchSize: SIGNAL_QUEUE.batchSize,
        reportBatchItemFailures: true,
      }),
    );
  }
}
