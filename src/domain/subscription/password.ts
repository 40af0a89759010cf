/**
 * The storefront's first check of a shopper's new password (spec sections 5 and 9): what a new
 * anonymous customer sets in the subscription flow and what a client changes theirs to. At least
 * PASSWORD_MIN_LENGTH characters, and none of the commonest passwords of the breached-password lists
 * (common-passwords.ts), which are the first an attacker tries. The server judges the rest by
 * strength (password-rules.ts, server/security/password-strength.ts) and the forms show its reason.
 */
import { PASSWORD_RULES } from '../password-rules.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

export const PASSWORD_MIN_LENGTH = PASSWORD_RULES.shopper.minLength;

export type PasswordProblem = 'TOO_SHORT' | 'TOO_COMMON' | 'MISMATCH';

/** True for one of the commonest passwords, whatever its letters' case and surrounding spaces. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/** Null when the password may be chosen: long enough and not one of the commonest. */
export function newPasswordProblem(password: string): Exclude<PasswordProblem, 'MISMATCH'> | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'TOO_SHORT';
  if (isCommonPassword(password)) return 'TOO_COMMON';
  return null;
}

/** Null when the password may be chosen and the confirmation matches it. */
export function passwordProblem(password: string, confirmation: string): PasswordProblem | null {
  const problem = newPasswordProblem(password);
  if (problem !== null) return problem;
  if (password !== confirmation) return 'MISMATCH';
  return null;
}
