import { createSqsServer } from 'local-aws-sqs';

/**
 * The SQS-compatible engine as its own process (started by sqs-local.ts), so the queue's work does not
 * share an event loop with the handlers it feeds, as on AWS. Argv: host, port. Prints "ready" once
 * listening; ends when its parent disconnects.
 */
const [host = '127.0.0.1', port = '0'] = process.argv.slice(2);
const server = await createSqsServer({ port: Number(port), hostname: host, region: 'ap-south-1', emulateQueueCreationLifecycle: false });
process.send?.('ready');
process.on('disconnect', () => {
  server.closeAllConnections?.();
  server.close(() => process.exit(0));
});
