import type { Choice } from '@/components/choice-field';
import type { MailSecurity } from '@shared/contracts/config-groups/mail-config';
import type { ConfigSectionProps } from '../config-section-props';
import { ConfigChoiceField } from '../form/config-choice-field';
import { ConfigForm } from '../form/config-form';
import { ConfigNumberField } from '../form/config-number-field';
import { ConfigSecretField } from '../form/config-secret-field';
import { ConfigTextField } from '../form/config-text-field';
import { ConfigToggleField } from '../form/config-toggle-field';
import { MailTestPanel } from './mail-test-panel';
import '../mail-config.css';

const SECURITY: readonly [Choice<MailSecurity>, ...Choice<MailSecurity>[]] = [
  { value: 'STARTTLS', label: 'STARTTLS (usually port 587)' },
  { value: 'TLS', label: 'TLS (usually port 465)' },
  { value: 'NONE', label: 'None — only for a mail server on this machine' },
];

/** MAIL_CONFIG: the franchise's own mail server, its sender and reply-to, and "Send test mail". */
export function MailConfigSection({ view }: ConfigSectionProps) {
  return (
    <>
      <ConfigForm view={view}>
        <ConfigToggleField
          name="enabled"
          label="Send my users' mails through this server"
          descriptiveText="Login and reset codes and notices. Off: they go through the platform's mail service."
        />
        <div className="configs-page__pair">
          <ConfigTextField name="host" label="Mail server" placeholder="smtp.example.com" />
          <ConfigNumberField name="port" label="Port" />
        </div>
        <ConfigChoiceField name="security" label="Security" choices={SECURITY} descriptiveText="The server's certificate is always checked." />
        <div className="configs-page__pair">
          <ConfigTextField name="user" label="User name" autoComplete="off" descriptiveText="Leave blank if the server needs no login." />
          <ConfigSecretField name="password" label="Password" />
        </div>
        <div className="configs-page__pair">
          <ConfigTextField name="from_name" label="Sender name" placeholder="Your company" />
          <ConfigTextField name="from_address" label="Sender email" type="email" placeholder="no-reply@example.com" />
        </div>
        <ConfigTextField name="reply_to" label="Reply-to email" type="email" descriptiveText="Where replies go; leave blank to use the sender email." />
      </ConfigForm>
      {view.editable ? <MailTestPanel saved={view.configured} /> : null}
    </>
  );
}
