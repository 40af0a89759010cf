/**
 * The 60-day calendar's month (weeks start on Monday, names in the visitor's language): days with a
 * plot that can be chosen are marked, days outside the window disabled. Days are the organisation's
 * calendar days (YYYY-MM-DD), so no timezone maths happens here. A small grid of its own rather than
 * react-day-picker with its date-fns locales: the calendar's first view must cost no more
 * JavaScript than the product page's (bench/size.mjs), whose day picker loads only at its plot step.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '#domain/plot-query.ts';
import { formatDay, formatMonth, formatWeekday } from '#domain/date-text.ts';

export interface AvailabilityCalendarProps {
  from: string;
  until: string;
  selected: string | null;
  daysWithPlots: ReadonlySet<string>;
  onSelect(day: string): void;
}

const monthOf = (day: string) => day.slice(0, 7);
const utc = (day: string) => new Date(`${day}T12:00:00Z`);

function shiftMonth(month: string, by: number): string {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, number - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

/** The month's weeks, Monday first; null for the days of other months. */
function weeksOf(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const lead = (utc(first).getUTCDay() + 6) % 7;
  const days: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; monthOf(day) === month; day = addDays(day, 1)) days.push(day);
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

export function AvailabilityCalendar({ from, until, selected, daysWithPlots, onSelect }: AvailabilityCalendarProps) {
  const { t, i18n } = useTranslation('calendar');
  const [month, setMonth] = useState(() => monthOf(selected ?? from));
  const language = i18n.language;
  const title = formatMonth(month, language);
  // 2024-01-01 was a Monday.
  const weekdays = Array.from({ length: 7 }, (_, index) => addDays('2024-01-01', index));
  return (
    <div className="month-calendar">
      <div className="month-calendar__head">
        <button type="button" className="button button--secondary" onClick={() => setMonth(shiftMonth(month, -1))} disabled={month <= monthOf(from)}>
          {t('previousMonth')}
        </button>
        <h2 className="month-calendar__title" aria-live="polite">
          {title}
        </h2>
        <button type="button" className="button button--secondary" onClick={() => setMonth(shiftMonth(month, 1))} disabled={month >= monthOf(until)}>
          {t('nextMonth')}
        </button>
      </div>
      <table role="grid" aria-label={title}>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day} scope="col" abbr={formatWeekday(day, language, 'long')}>
                {formatWeekday(day, language, 'short')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week, index) => (
            <tr key={index}>
              {week.map((day, position) => (
                <td key={day ?? `empty-${position}`}>
                  {day ? (
                    <button
                      type="button"
                      className={`month-calendar__day${daysWithPlots.has(day) ? ' calendar-day--available' : ''}`}
                      aria-pressed={day === selected}
                      aria-label={formatDay(day, language)}
                      disabled={day < from || day > until}
                      onClick={() => onSelect(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
