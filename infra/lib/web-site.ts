import { Duration, Fn, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER } from '../../shared/config/headers';
import { Certificate, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  FunctionEventType,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '../../shared/config/runtime-config';
import { API_BASE_PATH, FILES_BASE_PATH, REALTIME_PATH } from '../../shared/domain/constants';
import { ACCESS_LOG_PREFIXES } from './access-logs-bucket';
import { EdgeFunctions } from './edge-functions';
import { securityHeadersPolicy } from './security-headers';
import { deploySpa } from './web-deployment';

export interface WebSiteProps {
  readonly isProd: boolean;
  readonly domainNames: readonly string[];
  readonly certificateArn?: string;
  /** `https://<id>.execute-api.<region>.amazonaws.com` of the HTTP API. */
  readonly apiEndpoint: string;
  /** Sent to the API as ORIGIN_VERIFY_HEADER (a deploy-time reference: the value is never in the template). */
  readonly originSecret: ISecret;
  /** `wss://<id>.execute-api.<region>.amazonaws.com/live` of the WebSocket API, served at /api/v4/ws. */
  readonly realtimeUrl: string;
  /** Uploaded files, served under /files/* (profile pictures, white-label images). */
  readonly filesBucket: IBucket;
  /** Receives the site bucket's server access logs and CloudFront's standard logs. */
  readonly accessLogs: IBucket;
  /** Folder with the built SPA (`web/dist`). */
  readonly webDistPath: string;
  readonly runtimeConfig: RuntimeConfig;
}

/** Private S3 bucket + CloudFront: `/platform/*` → SPA, `/api/v4/*` → HTTP API, anything else → redirect. */
export class WebSite extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebSiteProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.isProd,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: ACCESS_LOG_PREFIXES.webBucket,
    });

    const edge = new EdgeFunctions(this, 'EdgeFunctions');
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    // Both API origins send the origin secret (ADR 0010); its rotation rewrites the header on each.
    const originSecretHeader = { [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap() };
    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.apiEndpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: originSecretHeader,
    });
    const realtimeOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.realtimeUrl)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: originSecretHeader,
    });
    const filesOrigin = S3BucketOrigin.withOriginAccessControl(props.filesBucket);
    const responseHeadersPolicy = securityHeadersPolicy(this, 'SecurityHeaders', { captcha: props.runtimeConfig.captchaSiteKey !== '' });

    const domain = customDomain(this, props);
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'TradeBridge web app and API',
      priceClass: PriceClass.PRICE_CLASS_200,
      httpVersion: HttpVersion.HTTP2_AND_3,
      ...domain,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: ACCESS_LOG_PREFIXES.cloudFront,
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy,
        functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: edge.redirectToSpa }],
      },
      additionalBehaviors: {
        '/platform/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          compress: true,
          responseHeadersPolicy,
          functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: edge.spaRewrite }],
        },
        [`${FILES_BASE_PATH}*`]: {
          origin: filesOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: versionedFilesCachePolicy(this),
          compress: true,
          responseHeadersPolicy,
        },
        // Listed before /api/v4/* so it wins: the realtime socket, same origin as the SPA.
        [REALTIME_PATH]: {
          origin: realtimeOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: edge.realtimeRoute }],
        },
        [`${API_BASE_PATH}/*`]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy,
          functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: edge.forwardTenantHost }],
        },
      },
    });

    acknowledgeEdgeFindings(this.distribution, { customCertificate: domain.certificate !== undefined });

    const host = props.domainNames[0] ?? this.distribution.distributionDomainName;
    this.siteUrl = `https://${host}/platform/`;

    deploySpa(this, 'Deployment', {
      bucket: this.bucket,
      distribution: this.distribution,
      webDistPath: props.webDistPath,
      runtimeConfig: props.runtimeConfig,
    });
  }
}

/** Uploaded files change in place; their URLs carry `?v=<version>`, so the version is part of the cache key. */
function versionedFilesCachePolicy(scope: Construct): CachePolicy {
  return new CachePolicy(scope, 'FilesCachePolicy', {
    comment: 'Uploaded files, keyed by path and ?v=',
    queryStringBehavior: CacheQueryStringBehavior.allowList('v'),
    defaultTtl: Duration.days(1),
    maxTtl: Duration.days(365),
    minTtl: Duration.seconds(0),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
}

/** The tenant's own domains and certificate, which let CloudFront refuse viewers below TLS 1.2. */
function customDomain(
  scope: Construct,
  props: WebSiteProps,
): { domainNames?: string[]; certificate?: ICertificate; minimumProtocolVersion?: SecurityPolicyProtocol } {
  if (props.domainNames.length === 0 || !props.certificateArn) return {};
  return {
    domainNames: [...props.domainNames],
    certificate: Certificate.fromCertificateArn(scope, 'Certificate', props.certificateArn),
    minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
  };
}

/** The cdk-nag findings on the distribution that are decisions rather than gaps, each with its reason. */
function acknowledgeEdgeFindings(distribution: Distribution, options: { readonly customCertificate: boolean }): void {
  Validations.of(distribution).acknowledge(
    { id: 'AwsSolutions-CFR1', reason: 'No geo restriction by product decision: traders use the platform while travelling abroad.' },
    {
      id: 'AwsSolutions-CFR2',
      reason: 'WAF is a per-tenant cost option; the API has stage throttling, and the handlers rate-limit logins and webhooks.',
    },
  );
  if (!options.customCertificate) {
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR4',
      reason: 'No custom domain: the default *.cloudfront.net certificate cannot enforce a minimum TLS version (set one with a domain).',
    });
  }
}
