import { PASSWORD_LINK_VALID_HOURS } from '../../shared/contracts/password-setup';
import type { UserItem } from '../data/user-item';
import { sendFranchiseMail } from '../mail/franchise-mailer';
import { readConfigFields } from '../panel-configs/read-panel-configs';
import type { Logger } from '../platform/logger';
import { createPasswordLink } from './password-link';

/** Where no ORG_CONFIG names the organisation. */
const PLATFORM_NAME = 'TradeBridge';

/** The welcome mail's text: who added the user, where, and the link to choose a password. */
export function welcomeMailText(input: { firstName: string; parentName: string; organisation: string; url: string }): string {
  return [
    `Hello ${input.firstName},`,
    `${input.parentName} has added you to ${input.organisation}.`,
    `Choose your password here to sign in:\n${input.url}`,
    `The link works once and expires in ${PASSWORD_LINK_VALID_HOURS} hours. If you did not expect this mail, you can ignore it.`,
  ].join('\n\n');
}

/**
 * Mails a new sub-user its set-password link, through the franchise's mail settings (with its footer).
 * Answers whether the mail went: a failure is logged, never thrown (the user exists either way, and its
 * parent sees `password_set` false).
 */
export async function sendWelcomeMail(user: UserItem, parent: UserItem, origin: string, log: Logger): Promise<boolean> {
  try {
    const [org, link] = await Promise.all([
      readConfigFields(user.frch_id, 'ORG_CONFIG'),
      createPasswordLink({ frchId: user.frch_id, userId: user.user_id }, origin),
    ]);
    const organisation = org?.organisation_name || PLATFORM_NAME;
    const parentName = `${parent.first_name} ${parent.last_name}`.trim();
    await sendFranchiseMail(
      user.frch_id,
      {
        to: user.email,
        subject: `Welcome to ${organisation}: choose your password`,
        text: welcomeMailText({ firstName: user.first_name, parentName, organisation, url: link.url }),
      },
      log,
    );
    return true;
  } catch (error) {
    log.warn('welcome mail not sent', { userId: user.user_id, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}
