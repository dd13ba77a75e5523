import { RemovalPolicy } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface AppSecretsProps {
  readonly tenant: string;
  readonly isProd: boolean;
}

/** The KMS key behind envelope encryption of user secrets, the JWT signing secret and the origin secret. */
export class AppSecrets extends Construct {
  readonly userSecretsKey: Key;
  readonly jwtSecret: Secret;
  /** CloudFront sends it to the API (ORIGIN_VERIFY_HEADER); the route groups refuse requests without it (ADR 0010). */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: AppSecretsProps) {
    super(scope, id);
    const removalPolicy = props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.userSecretsKey = new Key(this, 'UserSecretsKey', {
      description: `TradeBridge ${props.tenant}: data keys for user secrets (broker credentials, payment keys)`,
      enableKeyRotation: true,
      removalPolicy,
    });

    this.jwtSecret = new Secret(this, 'JwtSigningSecret', {
      description: `TradeBridge ${props.tenant}: HS256 signing secret for session tokens`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });

    this.originSecret = new Secret(this, 'OriginSecret', {
      description: `TradeBridge ${props.tenant}: header CloudFront adds to API requests; the API refuses requests without it`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy,
    });
  }
}
