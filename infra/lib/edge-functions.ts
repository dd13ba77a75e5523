import { Function as CloudFrontFunction, FunctionCode, FunctionRuntime } from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';

export const SPA_BASE_PATH = '/platform/';

/** `/platform/orders/42` (no file extension) → `/platform/index.html`; assets pass through. */
const SPA_REWRITE_CODE = `
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.split('/').pop();
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '${SPA_BASE_PATH}index.html';
  }
  return request;
}`;

/** Everything outside /platform/ and /api/v4/ (the default behaviour) lands on the SPA. */
const REDIRECT_TO_SPA_CODE = `
function handler(event) {
  return {
    statusCode: 302,
    statusDescription: 'Found',
    headers: { location: { value: '${SPA_BASE_PATH}' }, 'cache-control': { value: 'no-store' } },
  };
}`;

/** The two viewer-request CloudFront Functions of the site. */
export class EdgeFunctions extends Construct {
  readonly spaRewrite: CloudFrontFunction;
  readonly redirectToSpa: CloudFrontFunction;

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
  }
}
