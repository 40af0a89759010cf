/**
 * The inline calendar of the plot step (Monday first, the visitor's language). Past days and days
 * with nothing available for the order are disabled, and each day's label says how available it is
 * (a screen reader hears "…, nothing available" instead of only a dimmed button).
 */
import { DayPicker } from 'react-day-picker';
import { de } from 'react-day-picker/locale/de';
import { enGB } from 'react-day-picker/locale/en-GB';
import { es } from 'react-day-picker/locale/es';
import { fr } from 'react-day-picker/locale/fr';
import { nl } from 'react-day-picker/locale/nl';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailabilityLevel } from '#domain/availability.ts';

const LOCALES = { en: enGB, nl, es, de, fr } as const;

/** YYYY-MM-DD ↔ a local Date: the days are already the organisation's days, so no zone maths. */
export function dayToDate(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

export function dateToDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface PlotCalendarProps {
  today: string;
  selected: string | null;
  /** Availability colour per selectable day. */
  levels: ReadonlyMap<string, AvailabilityLevel>;
  /** Days with nothing free but full slots one may wait for (the waiting list): choosable, read as unavailable. */
  fullDays?: ReadonlySet<string>;
  onSelect(day: string): void;
}

export function PlotCalendar({ today, selected, levels, fullDays, onSelect }: PlotCalendarProps) {
  const { t, i18n } = useTranslation('order');
  const [month, setMonth] = useState(() => dayToDate(selected ?? today));
  const levelOf = (date: Date) => levels.get(dateToDay(date));
  const locale = LOCALES[i18n.language as keyof typeof LOCALES] ?? enGB;
  const baseLabel = locale.labels?.labelDayButton;
  return (
    <DayPicker
      mode="single"
      required={false}
      locale={locale}
      labels={{
        labelDayButton: (date, modifiers, options, dateLib) => {
          const label = typeof baseLabel === 'function' ? baseLabel(date, modifiers, options, dateLib) : date.toDateString();
          const level = levelOf(date);
          // A day said to have nothing is a disabled one; a full day one may wait for is choosable and says so.
          if (modifiers.disabled) return `${label}, ${t('plot.dayUnavailable')}`;
          if (level === undefined) return `${label}, ${t('plot.dayFull')}`;
          return `${label}, ${t(`plot.dayLevel.${level}`)}`;
        },
      }}
      weekStartsOn={1}
      month={month}
      onMonthChange={setMonth}
      startMonth={dayToDate(today)}
      selected={selected ? dayToDate(selected) : undefined}
      onSelect={(date) => {
        if (date) onSelect(dateToDay(date));
      }}
      disabled={[{ before: dayToDate(today) }, (date) => levelOf(date) === undefined && !fullDays?.has(dateToDay(date))]}
      modifiers={{
        high: (date) => levelOf(date) === 'high',
        medium: (date) => levelOf(date) === 'medium',
        low: (date) => levelOf(date) === 'low',
      }}
      modifiersClassNames={{ high: 'plot-day--high', medium: 'plot-day--medium', low: 'plot-day--low' }}
    />
  );
}
