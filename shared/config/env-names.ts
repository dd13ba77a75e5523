/** Environment variable names shared by the infrastructure (which sets them) and the functions (which read them). */
export const ENV = {
  tableName: 'TABLE_NAME',
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
  sqsEndpoint: 'SQS_ENDPOINT',
  signalQueueUrl: 'SIGNAL_QUEUE_URL',
  awsRegion: 'AWS_REGION',
  jwtSecret: 'JWT_SECRET',
  jwtSecretArn: 'JWT_SECRET_ARN',
  /** AWS: the secret CloudFront sends to the API as ORIGIN_VERIFY_HEADER; requests without it are refused. */
  originSecretArn: 'ORIGIN_SECRET_ARN',
  /** The same secret given as text (tests); unset with no ARN (one machine): the local gateway is the edge. */
  originSecret: 'ORIGIN_SECRET',
  tokenTtlHours: 'TOKEN_TTL_HOURS',
  defaultFranchiseId: 'DEFAULT_FRANCHISE_ID',
  /** JSON object mapping a host name (with port, if any) to its franchise id. */
  franchiseHosts: 'FRANCHISE_HOSTS',
  secretsKeyId: 'SECRETS_KMS_KEY_ID',
  logLevel: 'LOG_LEVEL',
  /** Local: uploaded files (profile pictures, white-label images) live in this folder. */
  filesDir: 'FILES_DIR',
  /** AWS: the bucket of uploaded files, served by CloudFront under /files/. */
  filesBucket: 'FILES_BUCKET',
  /** Sender address of the platform's mails (OTPs). */
  mailFrom: 'MAIL_FROM',
  /** Local: mails are written as JSON files into this folder instead of being sent. */
  mailOutboxDir: 'MAIL_OUTBOX_DIR',
  sesRegion: 'SES_REGION',
  /** Invisible-captcha secret; when unset (locally) captcha tokens are not checked. */
  captchaSecret: 'CAPTCHA_SECRET',
  captchaVerifyUrl: 'CAPTCHA_VERIFY_URL',
  realtimeEndpoint: 'REALTIME_ENDPOINT',
  stage: 'STAGE',
  /** Where the daily instrument master comes from: `sample` (default on one machine) or `brokers` (default on AWS). */
  instrumentFeeds: 'INSTRUMENT_FEEDS',
} as const;

/** The secret-rotation Lambda's own environment (it reads no table and no other setting). */
export const ROTATION_ENV = {
  /** The CloudFront distribution whose origin header follows the rotated origin secret; absent for other secrets. */
  distributionId: 'ROTATION_DISTRIBUTION_ID',
} as const;
