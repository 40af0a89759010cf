/** The password a new anonymous customer sets in the subscription flow (spec sections 5 and 9). */
export const PASSWORD_MIN_LENGTH = 6;

export type PasswordProblem = 'TOO_SHORT' | 'MISMATCH';

/** Null when the password is long enough and the confirmation matches it. */
export function passwordProblem(password: string, confirmation: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'TOO_SHORT';
  if (password !== confirmation) return 'MISMATCH';
  return null;
}
