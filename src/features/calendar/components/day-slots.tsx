/**
 * One day's plots (spec section 2, Calendar): product, time as HH:MM - HH:MM or "All day", places
 * left, the description's first 140 characters, and "Add tickets" (into that product's flow with
 * this day and slot) or "Checkout" when the cart already holds it.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { previewText, slotTimeRange } from '#domain/calendar.ts';
import type { ProductSummary } from '#domain/contracts/catalogue.ts';
import type { Plot } from '#domain/contracts/catalogue.ts';
import { formatDay } from '#domain/date-text.ts';

export interface DaySlot {
  plot: Plot;
  product: ProductSummary;
  inCart: boolean;
}

export function DaySlots({ day, slots }: { day: string; slots: DaySlot[] }) {
  const { t, i18n } = useTranslation('calendar');
  return (
    <section className="calendar-day" aria-labelledby="calendar-day-title">
      <h2 id="calendar-day-title" className="calendar-day__title">
        {formatDay(day, i18n.language)}
      </h2>
      {slots.length === 0 ? <p>{t('nothing')}</p> : null}
      <ul className="calendar-slots">
        {slots.map(({ plot, product, inCart }) => (
          <li key={plot.id} className="calendar-slot">
            <h3 className="calendar-slot__title">{product.title}</h3>
            <p className="calendar-slot__time">{slotTimeRange(plot.time) ?? t('allDay')}</p>
            {plot.capacity !== null ? <p>{t('left', { count: plot.availability.amount })}</p> : null}
            {product.description ? <p className="calendar-slot__preview">{previewText(product.description)}</p> : null}
            {inCart ? (
              <Link className="button button--secondary" to={`/product/${product.id}/${product.slug}`}>
                {t('checkout')}
              </Link>
            ) : (
              <Link
                className="button button--primary"
                to={`/product/${product.id}/${product.slug}`}
                state={{ plot: { id: plot.id, date: plot.date } }}
                aria-label={t('addFor', { title: product.title, time: slotTimeRange(plot.time) ?? t('allDay') })}
              >
                {t('add')}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How many slot cards the loading skeleton reserves: enough to fill a phone's first screen below the month. */
export const SKELETON_SLOTS = 2;

/**
 * The day's list while the plots load: a heading line and slot cards of the same size as the
 * loaded ones (calendar.css), announced once as loading.
 */
export function DaySlotsSkeleton({ label }: { label: string }) {
  return (
    <section className="calendar-day" aria-busy="true" aria-labelledby="calendar-day-loading">
      <h2 id="calendar-day-loading" className="calendar-day__title">
        <span className="calendar-skeleton calendar-skeleton--line" aria-hidden="true" />
        <span className="visually-hidden" role="status">
          {label}
        </span>
      </h2>
      <ul className="calendar-slots" aria-hidden="true">
        {Array.from({ length: SKELETON_SLOTS }, (_, index) => (
          <li key={index} className="calendar-slot calendar-slot--skeleton" />
        ))}
      </ul>
    </section>
  );
}
