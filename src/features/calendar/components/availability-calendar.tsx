/**
 * The 60-day calendar (weeks start on Monday, the visitor's language): days with a plot that can be
 * chosen are marked; days outside the window are disabled. Days are the organisation's calendar days.
 */
import { DayPicker } from 'react-day-picker';
import { de } from 'react-day-picker/locale/de';
import { enGB } from 'react-day-picker/locale/en-GB';
import { es } from 'react-day-picker/locale/es';
import { fr } from 'react-day-picker/locale/fr';
import { nl } from 'react-day-picker/locale/nl';
import { useTranslation } from 'react-i18next';

const LOCALES = { en: enGB, nl, es, de, fr } as const;

/** YYYY-MM-DD ↔ a local Date: the days are the organisation's days already, so no zone maths. */
export const dayToDate = (day: string) => {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
};
const pad = (value: number) => String(value).padStart(2, '0');
export const dateToDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export interface AvailabilityCalendarProps {
  from: string;
  until: string;
  selected: string | null;
  daysWithPlots: ReadonlySet<string>;
  onSelect(day: string): void;
}

export function AvailabilityCalendar({ from, until, selected, daysWithPlots, onSelect }: AvailabilityCalendarProps) {
  const { i18n } = useTranslation();
  return (
    <DayPicker
      mode="single"
      required={false}
      locale={LOCALES[i18n.language as keyof typeof LOCALES] ?? enGB}
      weekStartsOn={1}
      defaultMonth={dayToDate(selected ?? from)}
      startMonth={dayToDate(from)}
      endMonth={dayToDate(until)}
      selected={selected ? dayToDate(selected) : undefined}
      onSelect={(date) => {
        if (date) onSelect(dateToDay(date));
      }}
      disabled={[{ before: dayToDate(from) }, { after: dayToDate(until) }]}
      modifiers={{ available: (date) => daysWithPlots.has(dateToDay(date)) }}
      modifiersClassNames={{ available: 'calendar-day--available' }}
    />
  );
}
