import { Function as CloudFrontFunction, FunctionCode, FunctionRuntime } from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';

import { TENANT_HOST_HEADER, VIEWER_IP_HEADER } from '../../shared/config/headers';
import { WEB_BASE_PATH } from '../../shared/domain/constants';
import { REALTIME_STAGE_NAME } from './realtime-channel';

/** `/platform/orders/42` (no file extension) → `/platform/index.html`; assets pass through. */
const SPA_REWRITE_CODE = `
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.split('/').pop();
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '${WEB_BASE_PATH}index.html';
  }
  return request;
}`;

/** Everything outside /platform/ and /api/v4/ (the default behaviour) lands on the SPA. */
const REDIRECT_TO_SPA_CODE = `
function handler(event) {
  return {
    statusCode: 302,
    statusDescription: 'Found',
    headers: { location: { value: '${WEB_BASE_PATH}' }, 'cache-control': { value: 'no-store' } },
  };
}`;

/** The API resolves the franchise from the host the viewer used, which the origin would not see. */
const FORWARD_TENANT_HOST_CODE = `
function handler(event) {
  var request = event.request;
  request.headers['${TENANT_HOST_HEADER}'] = { value: request.headers.host.value };
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/** /api/v4/ws → the WebSocket API's stage path, keeping the viewer's host for the franchise check. */
const REALTIME_ROUTE_CODE = `
function handler(event) {
  var request = event.request;
  request.headers['${TENANT_HOST_HEADER}'] = { value: request.headers.host.value };
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  request.uri = '/${REALTIME_STAGE_NAME}';
  return request;
}`;

/** The viewer-request CloudFront Functions of the site. */
export class EdgeFunctions extends Construct {
  readonly spaRewrite: CloudFrontFunction;
  readonly redirectToSpa: CloudFrontFunction;
  readonly forwardTenantHost: CloudFrontFunction;
  readonly realtimeRoute: CloudFrontFunction;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Rewrites SPA routes under /platform/ to /platform/index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
    });
    this.redirectToSpa = new CloudFrontFunction(this, 'RedirectToSpa', {
      comment: 'Redirects paths outside /platform/ and /api/v4/ to /platform/',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(REDIRECT_TO_SPA_CODE),
    });
    this.forwardTenantHost = new CloudFrontFunction(this, 'ForwardTenantHost', {
      comment: 'Copies the viewer host into the tenant-host header for the API',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(FORWARD_TENANT_HOST_CODE),
    });
    this.realtimeRoute = new CloudFrontFunction(this, 'RealtimeRoute', {
      comment: 'Routes /api/v4/ws to the WebSocket API stage with the tenant-host header',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(REALTIME_ROUTE_CODE),
    });
  }
}
