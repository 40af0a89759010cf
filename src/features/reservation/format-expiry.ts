/** The reservation's expiry in words: a plain day, or a moment shown in the organisation's timezone. */
import { formattingLocale } from '../../domain/languages.ts';
import { formatDay } from '../../lib/format.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function formatExpiry(value: string, language: string, timezone: string): string {
  if (DAY.test(value)) return formatDay(value, language);
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return value;
  return new Intl.DateTimeFormat(formattingLocale(language), { dateStyle: 'long', timeStyle: 'short', timeZone: timezone }).format(moment);
}
