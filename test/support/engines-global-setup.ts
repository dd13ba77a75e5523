import type { TestProject } from 'vitest/node';
import { startLocalEngines } from '../../infra/local/engines/local-engines';

declare module 'vitest' {
  export interface ProvidedContext {
    engines: { dynamodbEndpoint: string; sqsEndpoint: string; tableName: string; queueUrl: string; deadLetterUrl: string };
  }
}

/** Starts DynamoDB Local (in memory) and the SQS engine once for all integration tests. */
export default async function setup(project: TestProject) {
  const engines = await startLocalEngines({ tableName: 'tradebridge-test', queueVisibilitySeconds: 2 });
  project.provide('engines', {
    dynamodbEndpoint: engines.dynamodbEndpoint,
    sqsEndpoint: engines.sqsEndpoint,
    tableName: engines.tableName,
    queueUrl: engines.queues.queueUrl,
    deadLetterUrl: engines.queues.deadLetterUrl,
  });
  return () => engines.stop();
}
