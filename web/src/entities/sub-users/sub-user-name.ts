import type { SubUser } from '@shared/contracts/subusers';

/** "Asha Rao". */
export function subUserName(user: Pick<SubUser, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

/** The name, or the email for a sub-user stored without one: pickers and messages never show a blank. */
export function subUserNameOrEmail(user: Pick<SubUser, 'first_name' | 'last_name' | 'email'>): string {
  return subUserName(user) || user.email;
}
