/**
 * The one password rule of the server, for every path that sets a password: a staff member's
 * set-password link (and so `npm run staff`, which prints one), a shopper's sign-up, a purchase's new
 * account, a change and a reset. Length first, then zxcvbn's estimate of the guesses needed, with
 * the person's own e-mail address and name as words an attacker tries first; the minimums are
 * PASSWORD_RULES (src/domain/password-rules.ts). A refusal is 400 PASSWORD_TOO_WEAK with the reason
 * in `fields.password`.
 *
 * zxcvbn and its dictionaries (a few MB) load on the first password judged, not at start.
 */
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import type * as LanguageEn from '@zxcvbn-ts/language-en';
import { PASSWORD_RULES, type PasswordAudience, type PasswordWeakness } from '#domain/password-rules.ts';
import { AppError } from '../errors.ts';
import { lazyModule } from '../lazy-module.ts';

const core = lazyModule<typeof ZxcvbnCore>('@zxcvbn-ts/core');
const common = lazyModule<typeof LanguageCommon>('@zxcvbn-ts/language-common');
const english = lazyModule<typeof LanguageEn>('@zxcvbn-ts/language-en');

let factory: InstanceType<typeof ZxcvbnCore.ZxcvbnFactory> | undefined;

function zxcvbn() {
  factory ??= new (core().ZxcvbnFactory)({
    dictionary: { ...common().dictionary, ...english().dictionary },
    graphs: common().adjacencyGraphs,
    translations: english().translations,
  });
  return factory;
}

/** What the person is known by: the address, its local part, and each word of the name. */
function userInputs(inputs: readonly string[]): string[] {
  const words = inputs.flatMap((input) => {
    const value = input.trim().toLowerCase();
    const [local] = value.split('@');
    return [value, ...(local ? [local] : []), ...value.split(/[^\p{L}\p{N}]+/u)];
  });
  return [...new Set(words.filter((word) => word.length >= 3))];
}

/** The reason to give for a weak password: the weakest kind of piece zxcvbn found in it. */
function weaknessOf(sequence: readonly { pattern: string; dictionaryName?: string }[]): PasswordWeakness {
  const patterns = sequence.map((match) => (match.pattern === 'dictionary' && match.dictionaryName === 'userInputs' ? 'personal' : match.pattern));
  if (patterns.includes('personal')) return 'PERSONAL';
  if (patterns.includes('repeat')) return 'REPEATED';
  if (patterns.includes('sequence') || patterns.includes('spatial')) return 'SEQUENCE';
  if (patterns.includes('dictionary')) return 'COMMON';
  if (patterns.includes('date') || patterns.includes('regex')) return 'DATE';
  return 'GUESSABLE';
}

/** Null when the password may be chosen, else the reason it may not. */
export function passwordWeakness(password: string, options: { audience: PasswordAudience; userInputs?: readonly string[] }): PasswordWeakness | null {
  const rule = PASSWORD_RULES[options.audience];
  if ([...password].length < rule.minLength) return 'TOO_SHORT';
  // zxcvbn judges the first 100 characters only; a longer one has enough in them or is refused on them.
  const result = zxcvbn().check(password.slice(0, 100), userInputs(options.userInputs ?? []));
  return result.score >= rule.minScore ? null : weaknessOf(result.sequence as { pattern: string; dictionaryName?: string }[]);
}

export const passwordTooWeak = (weakness: PasswordWeakness) =>
  new AppError('PASSWORD_TOO_WEAK', 400, 'This password is too easy to guess', { fields: { password: weakness } });

/** Throws 400 PASSWORD_TOO_WEAK (with the reason in `fields.password`) unless the password is strong enough. */
export function assertStrongPassword(password: string, options: { audience: PasswordAudience; userInputs?: readonly string[] }): void {
  const weakness = passwordWeakness(password, options);
  if (weakness !== null) throw passwordTooWeak(weakness);
}
