/** Formatting for the view: money in the organisation's currency, dates in its timezone. */
import { formattingLocale } from '../domain/languages.ts';

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

/** A calendar day (YYYY-MM-DD, already in the organisation's timezone) in words. */
export function formatDay(day: string, language: string, style: 'long' | 'short' = 'long'): string {
  const [year, month, date] = day.split('-').map(Number);
  const utc = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1));
  return new Intl.DateTimeFormat(formattingLocale(language), {
    timeZone: 'UTC',
    weekday: style === 'long' ? 'long' : 'short',
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    year: 'numeric',
  }).format(utc);
}
