import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A faithful in-memory fake of the Secrets Manager calls the stack makes (JSON 1.1 protocol, `POST /`
 * with `X-Amz-Target: secretsmanager.<Operation>`): GetSecretValue, DescribeSecret, PutSecretValue,
 * UpdateSecretVersionStage and GetRandomPassword, with the documented staging labels — moving
 * AWSCURRENT to a version labels the one it left AWSPREVIOUS, and a version without labels is gone.
 * `startRotation` does what RotateSecret does before it invokes the rotation Lambda: a new version id
 * labelled AWSPENDING, with no value yet.
 */
interface Version {
  value: string | null;
  stages: string[];
}

interface StoredSecret {
  readonly arn: string;
  readonly name: string;
  rotationEnabled: boolean;
  readonly versions: Map<string, Version>;
}

export interface SecretsManagerFake {
  readonly url: string;
  /** Creates a secret with one AWSCURRENT value; answers its ARN. */
  create(name: string, value: string): string;
  /** RotateSecret's first move: answers the ClientRequestToken it hands the Lambda. */
  startRotation(secretId: string): string;
  valueAt(secretId: string, stage: string): string | null;
  stop(): Promise<void>;
}

class ServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startSecretsManagerFake(): Promise<SecretsManagerFake> {
  const secrets = new Map<string, StoredSecret>();
  const find = (id: unknown): StoredSecret => {
    const secret = [...secrets.values()].find((candidate) => candidate.arn === id || candidate.name === id);
    if (!secret) throw new ServiceError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    return secret;
  };
  const versionWith = (secret: StoredSecret, stage: string) => [...secret.versions.entries()].find(([, version]) => version.stages.includes(stage));
  const dropStage = (secret: StoredSecret, stage: string) => {
    for (const [id, version] of secret.versions) {
      version.stages = version.stages.filter((label) => label !== stage);
      if (version.stages.length === 0) secret.versions.delete(id);
    }
  };

  const operations: Record<string, (input: Record<string, unknown>) => unknown> = {
    GetSecretValue: (input) => {
      const secret = find(input.SecretId);
      const stage = typeof input.VersionStage === 'string' ? input.VersionStage : input.VersionId ? null : 'AWSCURRENT';
      const entry = typeof input.VersionId === 'string' ? ([input.VersionId, secret.versions.get(input.VersionId)] as const) : versionWith(secret, stage ?? 'AWSCURRENT');
      const [versionId, version] = entry ?? [];
      if (!versionId || !version || version.value === null || (stage !== null && !version.stages.includes(stage))) {
        throw new ServiceError('ResourceNotFoundException', "Secrets Manager can't find the specified secret value for staging label or version.");
      }
      return { ARN: secret.arn, Name: secret.name, VersionId: versionId, SecretString: version.value, VersionStages: version.stages, CreatedDate: Date.now() / 1000 };
    },
    DescribeSecret: (input) => {
      const secret = find(input.SecretId);
      return { ARN: secret.arn, Name: secret.name, RotationEnabled: secret.rotationEnabled, VersionIdsToStages: Object.fromEntries([...secret.versions].map(([id, version]) => [id, version.stages])) };
    },
    PutSecretValue: (input) => {
      const secret = find(input.SecretId);
      const versionId = typeof input.ClientRequestToken === 'string' ? input.ClientRequestToken : randomUUID();
      const stages = Array.isArray(input.VersionStages) ? input.VersionStages.map(String) : ['AWSCURRENT'];
      const existing = secret.versions.get(versionId);
      if (existing?.value !== null && existing?.value !== undefined && existing.value !== input.SecretString) {
        throw new ServiceError('ResourceExistsException', 'A version with this ClientRequestToken already exists with a different value.');
      }
      for (const stage of stages) dropStage(secret, stage);
      secret.versions.set(versionId, { value: String(input.SecretString), stages: [...new Set([...(secret.versions.get(versionId)?.stages ?? []), ...stages])] });
      return { ARN: secret.arn, Name: secret.name, VersionId: versionId, VersionStages: stages };
    },
    UpdateSecretVersionStage: (input) => {
      const secret = find(input.SecretId);
      const stage = String(input.VersionStage);
      const from = typeof input.RemoveFromVersionId === 'string' ? input.RemoveFromVersionId : null;
      const holder = versionWith(secret, stage)?.[0];
      if (holder && holder !== from && holder !== input.MoveToVersionId) {
        throw new ServiceError('InvalidParameterException', `The staging label ${stage} is attached to version ${holder}; name it in RemoveFromVersionId.`);
      }
      const target = typeof input.MoveToVersionId === 'string' ? secret.versions.get(input.MoveToVersionId) : undefined;
      if (input.MoveToVersionId && !target) throw new ServiceError('ResourceNotFoundException', 'No such version.');
      if (stage === 'AWSCURRENT' && from && target) {
        dropStage(secret, 'AWSPREVIOUS');
        const left = secret.versions.get(from);
        if (left) left.stages = [...left.stages.filter((label) => label !== 'AWSCURRENT'), 'AWSPREVIOUS'];
      } else if (from) {
        const left = secret.versions.get(from);
        if (left) left.stages = left.stages.filter((label) => label !== stage);
      }
      if (target) target.stages = [...new Set([...target.stages.filter((label) => label !== 'AWSPENDING' || stage !== 'AWSCURRENT'), stage])];
      return { ARN: secret.arn, Name: secret.name };
    },
    GetRandomPassword: (input) => {
      const length = typeof input.PasswordLength === 'number' ? input.PasswordLength : 32;
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
      return { RandomPassword: Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('') };
    },
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const operation = String(request.headers['x-amz-target'] ?? '').replace('secretsmanager.', '');
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify(body));
      };
      try {
        const handle = operations[operation];
        if (!handle) throw new ServiceError('UnknownOperationException', `The fake does not implement ${operation}`);
        reply(200, handle(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>));
      } catch (error) {
        if (error instanceof ServiceError) reply(400, { __type: error.type, message: error.message });
        else reply(500, { __type: 'InternalServiceError', message: String(error) });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    create(name, value) {
      const arn = `arn:aws:secretsmanager:ap-south-1:000000000000:secret:${name}-${randomBytes(3).toString('hex')}`;
      secrets.set(arn, { arn, name, rotationEnabled: true, versions: new Map([[randomUUID(), { value, stages: ['AWSCURRENT'] }]]) });
      return arn;
    },
    startRotation(secretId) {
      const secret = find(secretId);
      dropStage(secret, 'AWSPENDING');
      const token = randomUUID();
      secret.versions.set(token, { value: null, stages: ['AWSPENDING'] });
      return token;
    },
    valueAt(secretId, stage) {
      return versionWith(find(secretId), stage)?.[1].value ?? null;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
