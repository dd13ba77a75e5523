import { keepsStoredSecret } from '../../shared/contracts/config-groups/config-group';
import type { FtpConfigFields } from '../../shared/contracts/config-groups/ftp-config';
import { openConfigSecrets, readConfigFields } from '../panel-configs/read-panel-configs';
import type { RemoteSettings } from './remote-server';

export const FTP_NOT_SET_UP_MESSAGE = 'Save the file transfer settings first.';
export const FTP_NO_PASSWORD_MESSAGE = 'Enter the password (or, for SFTP, a private key) of the server.';

/** Why the settings cannot be used, or the settings. */
export type SettingsOutcome = { readonly ok: true; readonly settings: RemoteSettings } | { readonly ok: false; readonly reason: string };

const typed = (value: string | undefined) => (value === undefined || keepsStoredSecret(value) ? undefined : value);

/**
 * The franchise's server as FTP_CONFIG holds it (secrets opened), or — for "Test connection" on a form
 * not yet saved — the form's fields, each secret left blank taken from the saved ones. A server with
 * neither password nor (SFTP) private key cannot be used; FTP and FTPS need the password.
 */
export async function remoteSettingsOf(frchId: number, form?: FtpConfigFields): Promise<SettingsOutcome> {
  const fields = form ?? (await readConfigFields(frchId, 'FTP_CONFIG'));
  if (!fields) return { ok: false, reason: FTP_NOT_SET_UP_MESSAGE };
  const stored = await openConfigSecrets(frchId, 'FTP_CONFIG');
  const password = typed(form?.password) ?? stored.password ?? '';
  const privateKey = fields.protocol === 'SFTP' ? (typed(form?.private_key) ?? stored.private_key ?? '') : '';
  if (password === '' && privateKey === '') return { ok: false, reason: FTP_NO_PASSWORD_MESSAGE };
  return {
    ok: true,
    settings: {
      protocol: fields.protocol,
      host: fields.host,
      port: fields.port,
      username: fields.username,
      password,
      privateKey,
      remoteFolder: fields.remote_folder,
      hostFingerprint: fields.protocol === 'SFTP' ? fields.host_fingerprint : '',
    },
  };
}
