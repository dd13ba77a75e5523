import type { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { type IAccessLogSettings, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** How long a tenant keeps its logs, and whether they outlive its stack (prod keeps them). */
export interface LogSettings {
  readonly retention: RetentionDays;
  readonly removalPolicy: RemovalPolicy;
}

/**
 * One JSON line per HTTP API request. `ip` is the address that reached API Gateway, i.e. a CloudFront
 * edge: the viewer's address travels in a header the handlers read (ADR 0010), which access logs cannot show.
 */
export const HTTP_ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  httpMethod: '$context.httpMethod',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  integrationLatency: '$context.integrationLatency',
} as const;

/**
 * Access logging for an API Gateway v2 stage: a log group of its own, kept as long as the tenant's other
 * logs, and the given fields as one JSON object per line.
 */
export function stageAccessLogs(
  scope: Construct,
  id: string,
  settings: LogSettings,
  fields: Readonly<Record<string, string>>,
): IAccessLogSettings {
  const logGroup = new LogGroup(scope, id, { retention: settings.retention, removalPolicy: settings.removalPolicy });
  return {
    destination: new LogGroupLogDestination(logGroup),
    format: AccessLogFormat.custom(JSON.stringify(fields)),
  };
}
