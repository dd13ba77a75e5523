import * as z from 'zod';
import { defineCall } from './define-call';
import { newPasswordField } from './fields';

/**
 * A user added by a parent (issue 19) has no password yet: the welcome mail carries a link to
 * `/platform/setpassword?token=…` (single use, valid for `PASSWORD_LINK_VALID_HOURS`), where the user chooses one.
 */
export const PASSWORD_LINK_VALID_HOURS = 72;

/** The link's token: 43 base64url characters (32 random bytes). */
export const passwordLinkTokenField = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid. Ask for a new one.');

export const passwordSetupContracts = {
  setPassword: defineCall({
    group: 'auth',
    method: 'POST',
    path: '/auth/setpassword',
    role: 'public',
    summary:
      'Sets the first password of a user added by a parent, from the link of its welcome mail (single use; expires after 72 hours). Answers the email to sign in with.',
    request: z.strictObject({ token: passwordLinkTokenField, password: newPasswordField }),
    response: z.object({ email: z.string() }),
    activity: 'Set password from the welcome mail',
    specExtension:
      'Spec §7 lists addsubuser but no way for the added user to choose a password; issue 19 asks that the new user gets a mail to set one.',
  }),
} as const;
