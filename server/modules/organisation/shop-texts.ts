/**
 * Texts staff write, in the shop's languages: HTML descriptions go through the shop's sanitiser
 * (server/lib/sanitize-html.ts, the same allow-list the storefront answers with), plain fields are
 * trimmed, empty ones dropped; languages outside the organisation's and a default-language text
 * missing are refused. Every back-office editor cleans its texts here.
 */
import type { Language } from '#domain/languages.ts';
import { checkTranslations } from '#domain/backoffice/catalogue-editor.ts';
import type { Executor } from '../../db/client.ts';
import { organisations } from '../../db/schema/index.ts';
import { notFound, validationFailed } from '../../errors.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';

export interface ShopLanguages {
  languages: readonly Language[];
  defaultLanguage: Language;
}

/** The organisation's languages, its default always among them. */
export function shopLanguagesOf(row: { languages: readonly Language[]; defaultLanguage: Language }): ShopLanguages {
  const languages = row.languages.includes(row.defaultLanguage) ? row.languages : [row.defaultLanguage, ...row.languages];
  return { languages, defaultLanguage: row.defaultLanguage };
}

/** The shop's languages (English alone before the organisation is set up). */
export async function shopLanguages(db: Executor): Promise<ShopLanguages> {
  const [row] = await db.select({ languages: organisations.languages, defaultLanguage: organisations.defaultLanguage }).from(organisations).limit(1);
  return row ? shopLanguagesOf(row) : { languages: ['en'], defaultLanguage: 'en' };
}

/** The shop's languages with its organisation row locked to the end of `tx`: a save and a change of the languages take turns. */
export async function lockedShopLanguages(tx: Executor): Promise<ShopLanguages> {
  const [row] = await tx
    .select({ languages: organisations.languages, defaultLanguage: organisations.defaultLanguage })
    .from(organisations)
    .orderBy(organisations.id)
    .limit(1)
    .for('update');
  if (!row) throw notFound('The shop is not set up yet');
  return shopLanguagesOf(row);
}

/** Cleans one entity's texts; `html` names the fields that hold HTML; `required` the one the default language must have. */
export function cleanTexts<T extends Record<string, string>>(
  texts: Partial<Record<Language, Partial<T>>>,
  shop: ShopLanguages,
  { html, required }: { html: readonly string[]; required: string },
): Partial<Record<Language, Partial<T>>> {
  const cleaned: Partial<Record<Language, Partial<T>>> = {};
  for (const [language, fields] of Object.entries(texts) as [Language, Partial<T>][]) {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value !== 'string') continue;
      const text = html.includes(key) ? (sanitizeHtml(value) ?? '') : value.trim();
      if (text !== '') out[key] = text;
    }
    if (Object.keys(out).length > 0) cleaned[language] = out as Partial<T>;
  }
  const refused = checkTranslations(cleaned as Partial<Record<Language, Record<string, string>>>, shop.languages, shop.defaultLanguage, required);
  // A language outside the organisation's is refused even when all its texts were empty.
  for (const language of Object.keys(texts)) if (!shop.languages.includes(language as Language)) refused[`texts.${language}`] = 'language_not_offered';
  if (Object.keys(refused).length > 0) throw validationFailed(refused, 'Some texts are missing or in a language the shop does not offer');
  return cleaned;
}
