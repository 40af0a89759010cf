/**
 * The view's formatting bound to the reader's language and the organisation's currency and timezone, for
 * a component that formats many values: money with format.ts, days and moments with the one date rule of
 * both apps (src/domain/date-text.ts: the weekday always, times without seconds).
 *
 *   const format = useFormatting(organisation);
 *   format.money(18.5)              // "€18.50"
 *   format.dateTime(order.paid_at)  // "Friday 27 November 2026 at 14:30"
 *   format.day('2026-11-27')        // "Fri 27 Nov 2026"
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatMoment } from '#domain/date-text.ts';
import { formatMoney } from './format.ts';

export interface Formatting {
  /** A 2-decimal amount, in the organisation's currency unless the record names its own. */
  money: (amount: number, currency?: string) => string;
  /** An instant (ISO) as its day and time in the organisation's timezone. */
  dateTime: (moment: string) => string;
  /** A calendar day (YYYY-MM-DD). */
  day: (day: string) => string;
}

/** The reader's own timezone: where no organisation's is known (yet), as on a device offline. */
export const readerTimezone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function useFormatting({ currency, timezone }: { currency: string; timezone?: string | undefined }): Formatting {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const zone = timezone ?? readerTimezone();
    return {
      money: (amount, inCurrency) => formatMoney(amount, inCurrency ?? currency, language),
      dateTime: (moment) => formatMoment(new Date(moment), language, zone),
      day: (day) => formatDay(day, language, 'short'),
    };
  }, [language, currency, timezone]);
}
