import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from './startup-error';

/** Creates the data folder and proves it is writable, or fails with what to do. */
export function prepareDataDir(dataDir: string): void {
  try {
    mkdirSync(join(dataDir, 'dynamodb'), { recursive: true });
    mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
    accessSync(dataDir, constants.W_OK);
    const probe = join(dataDir, '.write-test');
    writeFileSync(probe, 'ok');
  } catch {
    throw new StartupError(`Cannot write to the data folder ${dataDir}: fix its permissions or set DATA_DIR to a writable folder.`);
  }
}

/**
 * The token signing secret of this machine: created once under DATA_DIR/secrets with owner-only
 * permissions (on AWS the same role is played by a Secrets Manager secret).
 */
export function localSigningSecret(dataDir: string): string {
  const file = join(dataDir, 'secrets', 'jwt-signing.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
