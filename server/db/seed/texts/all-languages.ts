import type { Language } from '#domain/languages.ts';

/** Seed copy is complete in every language the shop offers, so the type asks for all five. */
export type AllLanguages<T> = Record<Language, T>;

/** A proper name that reads the same in every language. */
export function sameInEveryLanguage<T>(value: T): AllLanguages<T> {
  return { en: value, nl: value, es: value, de: value, fr: value };
}
