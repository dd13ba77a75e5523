export const PASSWORDS_DO_NOT_MATCH = 'Password and confirm password do not match.';

/** The message for the confirm field, or nothing when both entries match. */
export function confirmPasswordProblem(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : PASSWORDS_DO_NOT_MATCH;
}
