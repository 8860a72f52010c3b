import { MAX_ADMIN_PASSWORD_LENGTH, MIN_ADMIN_PASSWORD_LENGTH } from '@sayso/contract/admin';

export const PASSWORD_REQUIRED_MESSAGE = 'Please enter a new password';
export const PASSWORD_TOO_SHORT_MESSAGE = `Admin passwords need at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`;
export const PASSWORD_TOO_LONG_MESSAGE = `Admin passwords can have at most ${MAX_ADMIN_PASSWORD_LENGTH} characters`;
export const PASSWORDS_DIFFER_MESSAGE = 'The two passwords do not match';

export type NewPasswordProblem = { field: 'password' | 'confirmation'; message: string };

/** The first thing wrong with a new admin password and its confirmation, by the server's rules; null when none. */
export function newPasswordProblem(password: string, confirmation: string): NewPasswordProblem | null {
  if (password === '') return { field: 'password', message: PASSWORD_REQUIRED_MESSAGE };
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) return { field: 'password', message: PASSWORD_TOO_SHORT_MESSAGE };
  if (password.length > MAX_ADMIN_PASSWORD_LENGTH) return { field: 'password', message: PASSWORD_TOO_LONG_MESSAGE };
  if (password !== confirmation) return { field: 'confirmation', message: PASSWORDS_DIFFER_MESSAGE };
  return null;
}
