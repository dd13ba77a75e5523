import type { Choice } from '@/components/choice-field';
import type { FtpProtocol } from '@shared/contracts/config-groups/ftp-config';
import type { ConfigSectionProps } from '../config-section-props';
import { ConfigChoiceField } from '../form/config-choice-field';
import { useConfigField } from '../form/config-form-context';
import { ConfigForm } from '../form/config-form';
import { ConfigNumberField } from '../form/config-number-field';
import { ConfigSecretField } from '../form/config-secret-field';
import { ConfigTextField } from '../form/config-text-field';
import { ConfigToggleField } from '../form/config-toggle-field';
import { FtpActionsPanel } from './ftp-actions-panel';
import { FtpExportHistory } from './ftp-export-history';
import { FtpPrivateKeyField } from './ftp-private-key-field';

const PROTOCOLS: readonly [Choice<FtpProtocol>, ...Choice<FtpProtocol>[]] = [
  { value: 'SFTP', label: 'SFTP (SSH, usually port 22)' },
  { value: 'FTPS', label: 'FTPS (FTP over TLS, usually port 21)' },
  { value: 'FTP', label: 'FTP — not encrypted' },
];

/** Plain FTP: the acknowledgement it needs; SFTP: the private key it may use instead of a password. */
function ProtocolExtras() {
  const protocol = useConfigField('protocol').value;
  if (protocol === 'FTP') {
    return <ConfigToggleField name="allow_insecure" label="I understand this is insecure" descriptiveText="Plain FTP sends the password and the files unencrypted over the internet." />;
  }
  if (protocol === 'FTPS') return null;
  return (
    <>
      <FtpPrivateKeyField />
      <ConfigTextField
        name="host_fingerprint"
        label="Server key"
        placeholder="SHA256:…"
        descriptiveText={'The fingerprint "Test connection" shows. Saved, a server showing another key is refused; blank: any key.'}
      />
    </>
  );
}

/**
 * FTP_CONFIG: the franchise's own server for the nightly export of the day's orders, wallet ledger and
 * payments as CSV files; "Test connection", "Send now" and the history of export runs.
 */
export function FtpConfigSection({ view }: ConfigSectionProps) {
  return (
    <>
      <ConfigForm view={view}>
        <ConfigChoiceField name="protocol" label="Protocol" choices={PROTOCOLS} descriptiveText="The server's certificate (FTPS) is always checked." />
        <div className="configs-page__pair">
          <ConfigTextField name="host" label="Server" placeholder="sftp.example.com" />
          <ConfigNumberField name="port" label="Port" />
        </div>
        <div className="configs-page__pair">
          <ConfigTextField name="username" label="User name" autoComplete="off" />
          <ConfigSecretField name="password" label="Password" />
        </div>
        <ProtocolExtras />
        <ConfigTextField name="remote_folder" label="Folder on the server" placeholder="exports/tradebridge" descriptiveText="Created when missing; blank: the folder you log in to." />
        <ConfigToggleField
          name="schedule_enabled"
          label="Nightly export"
          descriptiveText="Every night after 1 AM (India time) the day before is sent; a failed day is tried again the following nights."
        />
      </ConfigForm>
      {view.editable ? <FtpActionsPanel saved={view.configured} /> : null}
      {view.editable && view.configured ? <FtpExportHistory /> : null}
    </>
  );
}
