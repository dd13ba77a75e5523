import { Validations } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

export const REALTIME_STAGE_NAME = 'live';

export interface RealtimeChannelProps {
  readonly tenant: string;
}

/**
 * The WebSocket API that pushes notifications, order updates and ticks to the SPA.
 * Built before the functions (they all need its callback URL); its handler is attached afterwards.
 */
export class RealtimeChannel extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;

  constructor(scope: Construct, id: string, props: RealtimeChannelProps) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'Api', { apiName: `tradebridge-${props.tenant}-realtime` });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        '$connect verifies the login token in the handler (signature, expiry, franchise, active user) and refuses the socket otherwise; $default and $disconnect only reach accepted connections.',
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: REALTIME_STAGE_NAME,
      autoDeploy: true,
    });
    Validations.of(this.stage).acknowledge({
      id: 'AwsSolutions-APIG1',
      reason:
        "WebSocket access logs need the account-wide API Gateway CloudWatch role, which no tenant stack may own (a new account's first deploy would fail); every connect, refusal and disconnect is logged by the realtime handler.",
    });
  }

  /** `wss://…/live`, what the SPA connects to. */
  get webSocketUrl(): string {
    return this.stage.url;
  }

  /** `https://…/live`, where functions post to connections. */
  get callbackUrl(): string {
    return this.stage.callbackUrl;
  }

  /** Routes `$connect`, `$disconnect` and `$default` to one handler. */
  connectHandler(handler: IFunction): void {
    for (const routeKey of ['$connect', '$disconnect', '$default']) {
      this.api.addRoute(routeKey, {
        integration: new WebSocketLambdaIntegration(`${routeKey.slice(1)}-integration`, handler),
      });
    }
  }
}
