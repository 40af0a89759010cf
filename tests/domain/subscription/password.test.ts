/** The one password rule (src/domain/subscription/password.ts): long enough and not one of the commonest. */
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from '#domain/subscription/common-passwords.ts';
import { isCommonPassword, newPasswordProblem, PASSWORD_MIN_LENGTH } from '#domain/subscription/password.ts';

describe('newPasswordProblem', () => {
  it.each([
    ['password', 'TOO_COMMON'],
    ['12345678', 'TOO_COMMON'],
    ['qwerty123', 'TOO_COMMON'],
    ['iloveyou', 'TOO_COMMON'],
    ['Password', 'TOO_COMMON'],
    ['  SUNSHINE ', 'TOO_COMMON'],
    ['p@ssw0rd', 'TOO_COMMON'],
    ['12345', 'TOO_SHORT'],
    ['abc', 'TOO_SHORT'],
    ['lighthouse-keeper', null],
    ['Tidewater 2030!', null],
    // Six characters are too few to hold out against guessing (issue 37).
    ['kw7-pa', 'TOO_SHORT'],
    ['kw7-pa-x2', null],
  ])('%s → %s', (password, expected) => {
    expect(newPasswordProblem(password)).toBe(expected);
  });
});

describe('the common password list', () => {
  it('holds a few hundred entries, each lower case, without spaces, and none of them passes the rule', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(500);
    for (const password of COMMON_PASSWORDS) {
      expect(password).toBe(password.toLowerCase());
      expect(password).not.toMatch(/\s/);
      expect(newPasswordProblem(password), password).toBe(password.length < PASSWORD_MIN_LENGTH ? 'TOO_SHORT' : 'TOO_COMMON');
    }
  });

  it('holds the top of every breached-password ranking', () => {
    for (const password of ['123456', 'password', '12345678', 'qwerty', '123456789', '1234567', '111111', '123123', 'abc123', 'password1', 'qwertyuiop']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });
});
