import { isCommonPassword } from '../../shared/domain/common-passwords';
import { ValidationError } from '../platform/errors';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose another.';
export const SAME_PASSWORD_MESSAGE = 'The new password must be different from the old one.';

/** Refuses a password from the list of the most common leaked passwords (400 on the given field). */
export function assertNotCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw new ValidationError([{ path: field, message: COMMON_PASSWORD_MESSAGE }], COMMON_PASSWORD_MESSAGE);
}
