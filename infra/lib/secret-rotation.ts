import { Duration, Stack } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ROTATION_ENV } from '../../shared/config/env-names';
import { ApiFunction, type FunctionDefaults } from './api-function';
import { acknowledgeWildcardResources } from './nag-findings';

export interface SecretRotationProps {
  readonly tenant: string;
  readonly defaults: FunctionDefaults;
  readonly jwtSecret: Secret;
  readonly originSecret: Secret;
  /** The distribution whose API origin sends the origin secret: its header follows each rotation. */
  readonly distribution: IDistribution;
}

/** How often the random-value secrets get a new value (the previous one stays accepted until the next). */
export const SECRET_ROTATION_DAYS = 30;

/**
 * Automatic rotation of the stack's two random-value secrets (functions/workers/rotate-secret.ts):
 * the token signing secret (tokens signed before a rotation verify with AWSPREVIOUS until they expire)
 * and the origin secret (its new value is then written into CloudFront's API origin header). One
 * rotation function per secret, each allowed to touch only its own secret (granted by the schedule).
 */
export class SecretRotation extends Construct {
  constructor(scope: Construct, id: string, props: SecretRotationProps) {
    super(scope, id);
    const rotator = (name: string, what: string) => {
      const fn = new ApiFunction(this, name, { defaults: props.defaults, entry: 'workers/rotate-secret.ts', description: `TradeBridge ${props.tenant} rotation of the ${what}`, timeout: Duration.seconds(30) });
      fn.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetRandomPassword'], resources: ['*'] }));
      if (fn.role) acknowledgeWildcardResources(fn.role, ['*'], 'secretsmanager:GetRandomPassword acts on no resource; it cannot be scoped.');
      return fn;
    };

    const jwtRotator = rotator('JwtRotator', 'token signing secret');
    props.jwtSecret.addRotationSchedule('Rotation', { rotationLambda: jwtRotator, automaticallyAfter: Duration.days(SECRET_ROTATION_DAYS) });

    const originRotator = rotator('OriginRotator', 'origin secret');
    originRotator.addEnvironment(ROTATION_ENV.distributionId, props.distribution.distributionId);
    originRotator.addToRolePolicy(
      new PolicyStatement({
        actions: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
        resources: [Stack.of(this).formatArn({ service: 'cloudfront', region: '', resource: 'distribution', resourceName: props.distribution.distributionId })],
      }),
    );
    props.originSecret.addRotationSchedule('Rotation', { rotationLambda: originRotator, automaticallyAfter: Duration.days(SECRET_ROTATION_DAYS) });
  }
}
