/** A week: each day with its slots, one line each (time, product in the all-products view, sold, held, free), the day's detail one click away. */
import { useTranslation } from 'react-i18next';
import type { CalendarSlot } from '#domain/contracts/schedules.schema.ts';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { daysOf, startOf, summarise } from './calendar-range.ts';
import { SummaryBar, useDayLabel } from './month-grid.tsx';

export function WeekList({
  range,
  days,
  nameOf,
  onOpen,
}: {
  range: { from: string; until: string };
  days: Map<string, CalendarSlot[]>;
  /** The product's name, when the view holds several products. */
  nameOf: ((id: number) => string) | null;
  onOpen: (day: string) => void;
}) {
  const { t } = useTranslation('backoffice-schedules');
  const format = useShopFormatting();
  const label = useDayLabel();
  return (
    <ol className="bo-week">
      {daysOf(range).map((day) => {
        const slots = days.get(day) ?? [];
        const summary = summarise(slots);
        return (
          <li key={day} className="bo-week__day">
            <h2 className="bo-week__heading">
              <button type="button" className="bo-link-button" aria-label={label(day, summary)} onClick={() => onOpen(day)}>
                {format.day(day)}
              </button>
            </h2>
            <SummaryBar summary={summary} />
            {slots.length === 0 ? <p className="bo-empty">{t('calendar.noSlots')}</p> : null}
            <ul className="bo-week__slots">
              {slots.map((slot) => (
                <li key={slot.id} className={slot.closed ? 'bo-slot--closed' : undefined}>
                  <strong>{startOf(slot) ?? t('allDay')}</strong>
                  {nameOf ? ` ${nameOf(slot.productId)}` : ''} ·{' '}
                  {slot.closed
                    ? t('calendar.closedShort')
                    : t('calendar.figures', { sold: slot.sold, held: slot.held, free: slot.free === null ? t('unlimited') : slot.free })}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
