/**
 * Texts staff send: HTML descriptions go through the shop's sanitiser (server/lib/sanitize-html.ts,
 * the same allow-list the storefront answers with), plain fields are trimmed, empty ones dropped;
 * languages outside the organisation's and a default-language text missing are refused.
 */
import type { Language } from '#domain/languages.ts';
import { checkTranslations } from '#domain/backoffice/catalogue-editor.ts';
import { validationFailed } from '../../errors.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';

export interface ShopLanguages {
  languages: readonly Language[];
  defaultLanguage: Language;
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
