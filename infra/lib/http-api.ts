import { Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { ALL_CONTRACTS } from '../../shared/contracts/all';
import { ROUTE_GROUP_NAMES, type RouteGroupName } from '../../shared/contracts/route-groups';
import { HTTP_ACCESS_LOG_FIELDS, type LogSettings, stageAccessLogs } from './api-access-logs';
import { planHttpRoutes } from './api-routes';
import type { RouteGroupFunctions } from './route-group-functions';

export const API_THROTTLE = { burstLimit: 200, rateLimit: 100 } as const;

export interface TradeBridgeHttpApiProps {
  readonly tenant: string;
  readonly functions: RouteGroupFunctions;
  /** Retention of the stage's access log. */
  readonly logs: LogSettings;
}

/** The HTTP API: routes generated from the contracts, `$default` → meta, one auto-deployed, throttled, access-logged stage. */
export class TradeBridgeHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string, props: TradeBridgeHttpApiProps) {
    super(scope, id);
    const integrations = groupIntegrations(props.functions);
    const integrationOf = (group: RouteGroupName): HttpLambdaIntegration => {
      const integration = integrations.get(group);
      if (!integration) throw new Error(`No integration for route group ${group}`);
      return integration;
    };

    // No CORS: the SPA calls the API on its own origin, through CloudFront.
    this.api = new HttpApi(this, 'Api', {
      apiName: `tradebridge-${props.tenant}`,
      createDefaultStage: false,
      defaultIntegration: integrationOf('meta'),
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Tokens (JWT) are verified in the handlers (middy, jose), and every route group refuses requests without the per-stack origin secret CloudFront adds (ADR 0010); public routes (login, register, webhooks) are public by design.',
    });
    // HTTP APIs write access logs without an account-level CloudWatch role.
    this.stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: stageAccessLogs(this, 'AccessLogs', props.logs, HTTP_ACCESS_LOG_FIELDS),
    });

    for (const route of planHttpRoutes(ALL_CONTRACTS)) {
      this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrationOf(route.group),
      });
    }
  }
}

/**
 * One integration per group, shared by all of its routes. The invoke permission covers the whole API,
 * so a group costs one Lambda permission instead of one per route (CloudFormation caps a stack at 500 resources).
 */
function groupIntegrations(functions: RouteGroupFunctions): Map<RouteGroupName, HttpLambdaIntegration> {
  return new Map(
    ROUTE_GROUP_NAMES.map((group) => [
      group,
      new HttpLambdaIntegration(`${group}-integration`, functions.get(group), { scopePermissionToRoute: false }),
    ]),
  );
}
