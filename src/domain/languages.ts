/** The interface and catalogue languages the shop offers (spec section 1). */
export const LANGUAGES = ['en', 'nl', 'es', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The locale dates and amounts are formatted in, per shop language: one English style everywhere
 * (British, day before month: "Tuesday 24 November 2026", as the calendar shows it), not Intl's
 * American default for "en" mixed with British elsewhere.
 */
const FORMATTING_LOCALES: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL', es: 'es-ES', de: 'de-DE', fr: 'fr-FR' };

export function formattingLocale(language: string): string {
  return FORMATTING_LOCALES[normaliseLanguage(language) ?? DEFAULT_LANGUAGE];
}

/** Aliases the server and the storefront both accept: Kölsch visitors read German. */
const ALIASES: Record<string, Language> = { ksh: 'de' };

/**
 * Maps a requested language tag ("nl", "nl-BE", "ksh", "DE") to one the shop serves,
 * or null when it serves none of it.
 */
export function normaliseLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const aliased = ALIASES[primary];
  if (aliased) return aliased;
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null;
}

/** Picks the first served language of an Accept-Language header, honouring q-values. */
export function languageFromAcceptHeader(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = normaliseLanguage(entry.tag);
    if (language) return language;
  }
  return null;
}

/** Texts keyed by language; a catalogue entity stores one of these per translatable field set. */
export type Translations<T> = Partial<Record<Language, Partial<T>>>;

/**
 * Resolves translatable texts for a language, field by field, falling back to the
 * organisation's default language and then to any language that has the field.
 */
export function translate<T extends Record<string, string | null | undefined>>(texts: Translations<T>, language: Language, fallback: Language): Partial<T> {
  const result: Partial<T> = {};
  const order = [language, fallback, ...LANGUAGES];
  const keys = new Set(order.flatMap((lng) => Object.keys(texts[lng] ?? {})));
  for (const key of keys) {
    for (const lng of order) {
      const value = texts[lng]?.[key as keyof T];
      if (value !== undefined && value !== null && value !== '') {
        result[key as keyof T] = value as T[keyof T];
        break;
      }
    }
  }
  return result;
}
