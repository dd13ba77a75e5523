import * as z from 'zod';

/** A message one auth screen leaves for the next, carried in the router's location state. */
const authNoticeStateSchema = z.object({ notice: z.string().min(1), identifier: z.string().optional() });

/** `identifier`: the email or mobile the login form starts with (the one the user just set a password for). */
export function authNoticeState(notice: string, identifier?: string): z.infer<typeof authNoticeStateSchema> {
  return identifier ? { notice, identifier } : { notice };
}

/** The email or mobile a location's state hands the login form, if any. */
export function readAuthIdentifier(state: unknown): string | null {
  const parsed = authNoticeStateSchema.safeParse(state);
  return parsed.success ? (parsed.data.identifier ?? null) : null;
}

/** The notice in a location's state, if it carries one. */
export function readAuthNotice(state: unknown): string | null {
  const parsed = authNoticeStateSchema.safeParse(state);
  return parsed.success ? parsed.data.notice : null;
}

export const PASSWORD_RESET_NOTICE = 'Your password has been reset. Log in with your new password.';
