/**
 * The time slots of the chosen day, as toggle buttons (aria-pressed), coloured by availability. The
 * day's slots that are full for the order (`full`) stay in the list in their place, as "sold out"
 * (or how few places are left), not choosable: the waiting-list offer beside the list is for them.
 */
import { useTranslation } from 'react-i18next';
import { slotAvailabilityLevel } from '#domain/availability.ts';
import type { Plot, Product } from '#domain/contracts/catalogue.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatMoney } from '../../../lib/format.ts';

export interface TimeSlotListProps {
  plots: Plot[];
  selectedId: number | null;
  /** The slot of the booking being moved, marked as its current one. */
  currentId?: number | null;
  settings: Product['settings'];
  onSelect(plot: Plot): void;
  /** The day's slots full for this order: listed, not choosable. */
  full?: readonly Plot[];
}

export function slotTime(plot: Pick<Plot, 'time'>, showEnd: boolean, allDay: string): string {
  if (!plot.time.start) return allDay;
  return showEnd && plot.time.end ? `${plot.time.start} – ${plot.time.end}` : plot.time.start;
}

const startOf = (plot: Plot) => plot.time.start ?? '';

export function TimeSlotList({ plots, selectedId, currentId = null, settings, onSelect, full = [] }: TimeSlotListProps) {
  const { t, i18n } = useTranslation('order');
  const { currency } = useOrganisation();
  const listed = [...plots.map((plot) => ({ plot, full: false })), ...full.map((plot) => ({ plot, full: true }))].sort((a, b) =>
    startOf(a.plot).localeCompare(startOf(b.plot)),
  );
  return (
    <ul className="time-slots" role="list" aria-label={t('plot.slots')}>
      {listed.map(({ plot, full: isFull }) =>
        isFull ? (
          <li key={plot.id}>
            <span className="time-slot time-slot--sold-out">
              <span className="time-slot__time">{slotTime(plot, settings.show_end_time, t('plot.allDay'))}</span>
              <span className="time-slot__availability">
                {plot.availability.amount > 0 ? t('plot.notEnough', { count: plot.availability.amount }) : t('plot.soldOut')}
              </span>
            </span>
          </li>
        ) : (
          <li key={plot.id}>
            <button
              type="button"
              className={`time-slot time-slot--${slotAvailabilityLevel(plot.availability.percentage)}`}
              aria-pressed={plot.id === selectedId}
              onClick={() => onSelect(plot)}
            >
              <span className="time-slot__time">{slotTime(plot, settings.show_end_time, t('plot.allDay'))}</span>
              {plot.id === currentId ? <span className="time-slot__current">{t('plot.current')}</span> : null}
              {settings.show_availability && plot.capacity !== null ? (
                <span className="time-slot__availability">{t('plot.left', { count: plot.availability.amount })}</span>
              ) : null}
              <span className="time-slot__price">{formatMoney(plot.lowestTotalPrice, currency, i18n.language)}</span>
            </button>
          </li>
        ),
      )}
    </ul>
  );
}
