/** The reservation's expiry in words: a plain day, or a moment shown in the organisation's timezone. */
import { formatDay, formatMoment } from '#domain/date-text.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function formatExpiry(value: string, language: string, timezone: string): string {
  if (DAY.test(value)) return formatDay(value, language);
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return value;
  return formatMoment(moment, language, timezone);
}
