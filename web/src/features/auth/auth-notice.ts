import * as z from 'zod';

/** A message one auth screen leaves for the next, carried in the router's location state. */
const authNoticeStateSchema = z.object({ notice: z.string().min(1) });

export function authNoticeState(notice: string): z.infer<typeof authNoticeStateSchema> {
  return { notice };
}

/** The notice in a location's state, if it carries one. */
export function readAuthNotice(state: unknown): string | null {
  const parsed = authNoticeStateSchema.safeParse(state);
  return parsed.success ? parsed.data.notice : null;
}

export const PASSWORD_RESET_NOTICE = 'Your password has been reset. Log in with your new password.';
