/**
 * One day of the calendar opened: its slots with sold, held and free; each one's terms to edit, its waiting
 * list, closing it (after a confirmation naming the slot and the bookings that stay) or opening it again;
 * and the whole day closed or opened at once (a bulk change, previewed first). Every action's accessible
 * name carries the day and time.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CalendarSlot } from '#domain/contracts/schedules.schema.ts';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { startOf } from './calendar-range.ts';
import { slotWhen } from './slot-words.ts';

export interface DayActions {
  editSlot: (slot: CalendarSlot) => void;
  closeSlot: (slot: CalendarSlot) => void;
  openSlot: (slot: CalendarSlot) => void;
  setDayClosed: (day: string, closed: boolean) => void;
}

export function DayDetail({
  day,
  slots,
  nameOf,
  past,
  busy,
  actions,
  onHide,
}: {
  day: string;
  slots: CalendarSlot[];
  nameOf: ((id: number) => string) | null;
  /** A day before today: history, nothing to change. */
  past: boolean;
  busy: boolean;
  actions: DayActions;
  onHide: () => void;
}) {
  const { t } = useTranslation(['backoffice-schedules', 'backoffice-sales']);
  const format = useShopFormatting();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [day]);
  const dayText = format.day(day);
  const open = slots.filter((slot) => !slot.closed).length;
  return (
    <section className="bo-section bo-day-detail" aria-labelledby={`day-${day}`}>
      <h2 id={`day-${day}`} ref={heading} tabIndex={-1}>
        {dayText}
      </h2>
      <div className="bo-toolbar">
        {!past && open > 0 ? (
          <button type="button" className="bo-button" onClick={() => actions.setDayClosed(day, true)}>
            {t('calendar.closeDay', { day: dayText })}
          </button>
        ) : null}
        {!past && open < slots.length ? (
          <button type="button" className="bo-button" onClick={() => actions.setDayClosed(day, false)}>
            {t('calendar.openDay', { day: dayText })}
          </button>
        ) : null}
        <button type="button" className="bo-button" onClick={onHide}>
          {t('calendar.hideDay')}
        </button>
      </div>
      {slots.length === 0 ? <p className="bo-empty">{t('calendar.noSlots')}</p> : null}
      <ul className="bo-cal-slots">
        {slots.map((slot) => {
          const when = slotWhen(t, format, slot);
          return (
            <li key={slot.id} className={slot.closed ? 'bo-cal-slot bo-slot--closed' : 'bo-cal-slot'}>
              <p>
                <strong>{startOf(slot) === null ? t('allDay') : `${startOf(slot)}–${slot.endTime?.slice(0, 5) ?? ''}`}</strong>
                {nameOf ? ` · ${nameOf(slot.productId)}` : ''}
                {slot.closed ? ` · ${t('calendar.closedShort')}` : ''}
              </p>
              <p>
                {t('calendar.figures', { sold: slot.sold, held: slot.held, free: slot.free === null ? t('unlimited') : slot.free })} ·{' '}
                {t('calendar.capacityOf', { capacity: slot.capacity ?? t('unlimited') })}
              </p>
              {past ? null : (
                <div className="bo-actions">
                  <button type="button" className="bo-button" onClick={() => actions.editSlot(slot)}>
                    {t('calendar.editSlot', { when })}
                  </button>
                  {slot.closed ? (
                    <button type="button" className="bo-button" disabled={busy} onClick={() => actions.openSlot(slot)}>
                      {t('calendar.openSlot', { when })}
                    </button>
                  ) : (
                    <button type="button" className="bo-button" disabled={busy} onClick={() => actions.closeSlot(slot)}>
                      {t('calendar.closeSlot', { when })}
                    </button>
                  )}
                  <Link to={`/slots/waitlist/${slot.productId}/${slot.id}`}>{t('calendar.waitlist', { when })}</Link>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
