/**
 * The audit log's values in the reader's language, in one place: amounts in their own currency (Intl),
 * days and slots as the shop writes them everywhere (src/domain/date-text.ts, short: "Tue 10 Dec 2030,
 * 15:00"), moments in the shop's time zone with their weekday and no seconds, lists and language names.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditMoney, AuditSlot } from '#domain/backoffice/audit-log.schema.ts';
import { formatDay, formatVisit } from '#domain/date-text.ts';
import { formattingLocale } from '#domain/languages.ts';

export interface AuditFormat {
  /** "€35.50"; `signed`: "+€5.00" / "-€5.50" (a change of credit). */
  money(value: AuditMoney, signed?: boolean): string;
  number(value: number): string;
  percent(value: number): string;
  day(date: string): string;
  slot(slot: AuditSlot): string;
  moment(iso: string): string;
  list(items: string[]): string;
  language(code: string): string;
}

export function auditFormat(language: string, timezone: string): AuditFormat {
  const locale = formattingLocale(language);
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  const moneyFormat = (currency: string, signed: boolean) => {
    const key = `${currency}|${signed}`;
    let format = moneyFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency, signDisplay: signed ? 'exceptZero' : 'auto' });
      moneyFormats.set(key, format);
    }
    return format;
  };
  const numbers = new Intl.NumberFormat(locale);
  const percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const moments = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: timezone,
  });
  const lists = new Intl.ListFormat(locale, { type: 'conjunction' });
  const languages = new Intl.DisplayNames([locale], { type: 'language' });
  return {
    money: (value, signed = false) => moneyFormat(value.currency, signed).format(value.amount),
    number: (value) => numbers.format(value),
    percent: (value) => percents.format(value / 100),
    day: (date) => formatDay(date, language, 'short'),
    slot: (slot) => formatVisit(slot.date, { start: slot.start, end: slot.end }, language, 'short'),
    moment: (iso) => moments.format(new Date(iso)),
    list: (items) => lists.format(items),
    language: (code) => languages.of(code) ?? code,
  };
}

export function useAuditFormat(timezone: string): AuditFormat {
  const { i18n } = useTranslation();
  return useMemo(() => auditFormat(i18n.language, timezone), [i18n.language, timezone]);
}
