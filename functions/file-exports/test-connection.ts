import type { FtpConfigFields } from '../../shared/contracts/config-groups/ftp-config';
import { remoteSettingsOf } from './ftp-settings';
import { openRemoteFolder, RemoteServerError } from './remote-server';

/** "Test connection" waits at most this long for the server. */
const TEST_TIMEOUT_MS = 5000;

/**
 * Connects with the saved settings (or a form's, blank secrets from the saved ones), enters the remote
 * folder (creating it when missing) and leaves: `connected` and (SFTP) the fingerprint of the key the
 * server showed, to be saved so another key is refused later; or the server's own error text.
 */
export async function testFtpConnection(frchId: number, form?: FtpConfigFields): Promise<{ connected: boolean; error: string | null; remote_folder: string; host_fingerprint: string | null }> {
  const outcome = await remoteSettingsOf(frchId, form);
  if (!outcome.ok) return { connected: false, error: outcome.reason, remote_folder: form?.remote_folder ?? '', host_fingerprint: null };
  const remote_folder = outcome.settings.remoteFolder;
  try {
    const folder = await openRemoteFolder(outcome.settings, TEST_TIMEOUT_MS);
    await folder.close();
    return { connected: true, error: null, remote_folder, host_fingerprint: folder.hostFingerprint };
  } catch (error) {
    if (error instanceof RemoteServerError) return { connected: false, error: error.message, remote_folder, host_fingerprint: null };
    throw error;
  }
}
