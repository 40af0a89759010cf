/**
 * The organisation settings every read of the shop depends on: which languages it answers in,
 * which one texts fall back to, and which timezone "today" is in. Catalogue and FAQ read them here.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#domain/languages.ts';
import type { Executor } from '../../db/client.ts';
import { organisations } from '../../db/schema/index.ts';

export interface ShopLocale {
  defaultLanguage: Language;
  languages: Language[];
  timezone: string;
}

// The schema's own defaults, so a shop without an organisation row (seeding off) still answers.
const UNCONFIGURED: ShopLocale = { defaultLanguage: DEFAULT_LANGUAGE, languages: [...LANGUAGES], timezone: 'Europe/Amsterdam' };

export async function loadShopLocale(db: Executor): Promise<ShopLocale> {
  const [row] = await db
    .select({ defaultLanguage: organisations.defaultLanguage, languages: organisations.languages, timezone: organisations.timezone })
    .from(organisations)
    .orderBy(organisations.id)
    .limit(1);
  return row ?? UNCONFIGURED;
}

/** The organisation's default language; the schema's default when there is no organisation row. */
export function defaultLanguageOf(organisation: { defaultLanguage: Language } | null | undefined): Language {
  return organisation?.defaultLanguage ?? DEFAULT_LANGUAGE;
}

/**
 * The language a request is answered in: the one it asked for when the shop offers it, else the
 * default. The request's own choice is resolved once, by server/plugins/language.ts.
 */
export function answerLanguage(requested: Language | null, locale: Pick<ShopLocale, 'defaultLanguage' | 'languages'>): Language {
  return requested !== null && locale.languages.includes(requested) ? requested : locale.defaultLanguage;
}
