import { afterEach } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { useWallClock } from '../../functions/platform/clock';

/**
 * Unit tests own their environment: a worker may have run an integration file before (which points
 * FILES_DIR at its throwaway store, where a master for another day may sit), so every unit file starts
 * without a file store or mail outbox, and any clock a test set is put back after it.
 */
for (const name of [ENV.filesDir, ENV.filesBucket, ENV.mailOutboxDir]) {
  delete process.env[name];
}

afterEach(() => {
  useWallClock();
});
