/** How one request reads translatable texts: in its language, falling back to the shop's default. */
import { translate, type Language, type Translations } from '#domain/languages.ts';
import { answerLanguage, type ShopLocale } from '../organisation/index.ts';

export interface Reading {
  language: Language;
  fallback: Language;
}

export function readingFor(requested: Language | null, locale: ShopLocale): Reading {
  return { language: answerLanguage(requested, locale), fallback: locale.defaultLanguage };
}

export function textsIn<T extends Record<string, string | null | undefined>>(texts: Translations<T>, reading: Reading): Partial<T> {
  return translate(texts, reading.language, reading.fallback);
}

/** Optional texts (labels, plain descriptions) answer null rather than an empty string. */
export function orNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value;
}
