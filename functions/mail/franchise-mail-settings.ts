import type { SmtpSettings } from '../platform/mail/smtp-mailer';
import { cachedConfig } from '../panel-configs/config-cache';
import { openConfigSecrets, readConfigFields } from '../panel-configs/read-panel-configs';
import { mailFooter } from './mail-footer';

/** A franchise's saved mail server: its settings (password opened) and whether its mails go through it. */
export interface FranchiseMailServer {
  readonly enabled: boolean;
  readonly smtp: SmtpSettings;
}

/** The franchise's saved MAIL_CONFIG, password opened; null before the first save. Cached briefly, forgotten on a save. */
export function franchiseMailServer(frchId: number): Promise<FranchiseMailServer | null> {
  return cachedConfig(frchId, 'MAIL_CONFIG', async () => {
    const fields = await readConfigFields(frchId, 'MAIL_CONFIG');
    if (!fields) return null;
    const secrets = await openConfigSecrets(frchId, 'MAIL_CONFIG');
    return {
      enabled: fields.enabled,
      smtp: {
        host: fields.host,
        port: fields.port,
        security: fields.security,
        user: fields.user,
        password: secrets.password ?? '',
        fromName: fields.from_name,
        fromAddress: fields.from_address,
        replyTo: fields.reply_to,
      },
    };
  });
}

/** The footer of the franchise's mails (from ORG_CONFIG; '' when none is saved). Cached briefly, forgotten on a save. */
export function franchiseMailFooter(frchId: number): Promise<string> {
  return cachedConfig(frchId, 'ORG_CONFIG', async () => mailFooter(await readConfigFields(frchId, 'ORG_CONFIG')));
}
