/**
 * How strong a new password must be, per kind of account, and the reasons a refusal gives. The
 * server judges it (server/security/password-strength.ts: length, then zxcvbn's score with the
 * person's own e-mail and name counted as known words); a refusal is 400 PASSWORD_TOO_WEAK with
 * `fields.password` one of PASSWORD_WEAKNESSES, which both apps say in words
 * (`errors:password_weakness.<reason in lower case>`). zxcvbn stays on the server: its dictionaries
 * are too big for the storefront, whose forms check the length and the commonest passwords
 * (subscription/password.ts) and show the server's verdict for the rest.
 *
 * zxcvbn's score: 0 and 1 fall to an online attack, 2 is safe behind a throttled sign-in, 3 against
 * an offline attack on a slow hash (argon2) for a long while, 4 beyond that.
 */
export const PASSWORD_RULES = {
  /** Shoppers' accounts (sign-up, a purchase's new account, a change, a reset). */
  shopper: { minLength: 8, minScore: 2 },
  /** Back-office accounts (a set-password link): the keys to the shop. */
  staff: { minLength: 10, minScore: 3 },
} as const;

export type PasswordAudience = keyof typeof PASSWORD_RULES;

export const PASSWORD_WEAKNESSES = [
  /** Fewer characters than the rule's minimum. */
  'TOO_SHORT',
  /** One of the commonest passwords, or a common word or name. */
  'COMMON',
  /** Made of the person's own e-mail address or name. */
  'PERSONAL',
  /** One character or piece repeated (aaaaaaaaaa, abcabcabc). */
  'REPEATED',
  /** A run of the alphabet, digits or keyboard (abcdefgh, 12345678, qwertyuiop). */
  'SEQUENCE',
  /** A date or a year. */
  'DATE',
  /** None of the above, but still too few guesses away. */
  'GUESSABLE',
] as const;

export type PasswordWeakness = (typeof PASSWORD_WEAKNESSES)[number];
