/** Formatting for the view, both apps: money in the organisation's currency. Dates: src/domain/date-text.ts, the one rule for every text. */
import { formattingLocale } from '#domain/languages.ts';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A 2-decimal API amount as the visitor reads it ("€ 18,50" in nl, "€18.50" in en). */
export function formatMoney(amount: number, currency: string, language: string): string {
  const key = `${language}|${currency}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(formattingLocale(language), { style: 'currency', currency });
    numberFormats.set(key, format);
  }
  return format.format(amount);
}
