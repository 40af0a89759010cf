/**
 * The month at a glance: one button per day (Monday first) with its slots' sold, held and free as a bar and
 * a figure; its accessible name says the day and the same figures. Seven narrow columns fit a phone.
 */
import { useTranslation } from 'react-i18next';
import type { CalendarSlot } from '#domain/contracts/schedules.schema.ts';
import { formatWeekday } from '#domain/date-text.ts';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { daysOf, summarise, weekdayOf, type DaySummary } from './calendar-range.ts';

export function useDayLabel() {
  const { t } = useTranslation('backoffice-schedules');
  const format = useShopFormatting();
  return (day: string, summary: DaySummary) =>
    summary.slots === 0
      ? t('calendar.dayEmpty', { day: format.day(day) })
      : t('calendar.dayLabel', {
          day: format.day(day),
          count: summary.slots,
          sold: summary.sold,
          held: summary.held,
          free: summary.free === null ? t('unlimited') : summary.free,
          closed: summary.closed,
        });
}

export function SummaryBar({ summary }: { summary: DaySummary }) {
  const free = summary.free ?? 0;
  const total = summary.sold + summary.held + free;
  if (total === 0) return <span className="bo-bar bo-bar--empty" aria-hidden="true" />;
  const part = (count: number) => `${(count / total) * 100}%`;
  return (
    <span className="bo-bar" aria-hidden="true">
      <span className="bo-bar__sold" style={{ width: part(summary.sold) }} />
      <span className="bo-bar__held" style={{ width: part(summary.held) }} />
    </span>
  );
}

export function MonthGrid({
  range,
  days,
  openDay,
  onOpen,
}: {
  range: { from: string; until: string };
  days: Map<string, CalendarSlot[]>;
  openDay: string | null;
  onOpen: (day: string) => void;
}) {
  const { t, i18n } = useTranslation('backoffice-schedules');
  const label = useDayLabel();
  const all = daysOf(range);
  const lead = weekdayOf(range.from) - 1;
  const heads = daysOf({ from: '2024-01-01', until: '2024-01-07' });
  return (
    <div className="bo-month">
      <ol className="bo-month__heads" aria-hidden="true">
        {heads.map((day) => (
          <li key={day}>{formatWeekday(day, i18n.language, 'short')}</li>
        ))}
      </ol>
      <ol className="bo-month__days" aria-label={t('calendar.daysLabel')}>
        {all.map((day, index) => {
          const summary = summarise(days.get(day) ?? []);
          const style = index === 0 && lead > 0 ? { gridColumnStart: lead + 1 } : undefined;
          return (
            <li key={day} style={style}>
              <button
                type="button"
                className={`bo-day${summary.slots === 0 ? ' bo-day--none' : ''}${summary.closed === summary.slots && summary.slots > 0 ? ' bo-day--closed' : ''}`}
                aria-label={label(day, summary)}
                aria-pressed={openDay === day}
                onClick={() => onOpen(day)}
              >
                <span className="bo-day__number">{Number(day.slice(8))}</span>
                <SummaryBar summary={summary} />
              </button>
              {/* The figure the button's name already says, shown beside it (a button's visible text must be in its name). */}
              <span className="bo-day__free" aria-hidden="true">
                {summary.slots === 0 ? '' : summary.free === null ? '∞' : summary.free}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="bo-hint">{t('calendar.legend')}</p>
    </div>
  );
}
