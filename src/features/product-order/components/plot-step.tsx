/**
 * Step 2 (products with days): calendar and time slots (spec sections 4 and 5). Plots are asked
 * for with the order's quantities and shown less what the cart already holds on them. Exactly one
 * plot is chosen by itself and the flow moves on; otherwise the first choosable plot after today
 * is preselected.
 */
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { calendarAvailabilityLevel, type AvailabilityLevel } from '#domain/availability.ts';
import type { Product } from '#domain/contracts/catalogue.ts';
import { ownSlotAsMoved, plotBesideCart, plotsOnDate, preselectPlot, selectableDates, withHeldPlaces } from '#domain/order/plot-selection.ts';
import { waitlistHeld } from '../../../lib/waitlist-hold.ts';
import { dayInTimeZone } from '#domain/plot-query.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { useCartStore, type ProductOrderDraft } from '../../../lib/cart-store.ts';
import { formatDay, formatMoment } from '#domain/date-text.ts';
import { usePlots } from '../api/get-plots.ts';
import { ownSlotOf } from '../moved-draft.ts';
import { orderedAmount, plotOrderOf } from '../order-lines.ts';
import { StepNavigation } from './step-navigation.tsx';
import { slotTime, TimeSlotList } from './time-slot-list.tsx';

// The waiting-list form (and its texts) loads only on a day with no room.
const WaitlistForm = lazy(() => import('../../../components/waitlist-form.tsx').then((module) => ({ default: module.WaitlistForm })));

// The calendar (react-day-picker and its locales) loads when this step first shows, not with the product page.
const PlotCalendar = lazy(() => import('./plot-calendar.tsx').then((module) => ({ default: module.PlotCalendar })));

export interface PlotStepProps {
  product: Product;
  order: ProductOrderDraft;
  onNext(): void;
  onBack(): void;
}

export function PlotStep({ product, order, onNext, onBack }: PlotStepProps) {
  const { t, i18n } = useTranslation('order');
  const { timezone } = useOrganisation();
  const items = useCartStore((state) => state.items);
  const plotChosen = useCartStore((state) => state.plotChosen);
  const dayChosen = useCartStore((state) => state.dayChosen);
  const today = useMemo(() => dayInTimeZone(new Date(), timezone), [timezone]);
  const amount = orderedAmount(order);
  // A booking being moved sends its slot (rebookPlot): the server counts its own places there as free.
  const own = useMemo(() => ownSlotOf(order.move), [order.move]);
  const plots = usePlots(product.id, plotOrderOf(order), true, own?.id ?? null);
  // Places a waiting-list link holds for this visitor are theirs (src/lib/waitlist-hold.ts).
  const held = useMemo(() => waitlistHeld(), []);
  const shown = useMemo(
    () =>
      (plots.data ?? []).map((plot) => {
        if (own && plot.id === own.id) return ownSlotAsMoved(plot, amount, own.places);
        const beside = plotBesideCart(plot, items);
        return held && plot.id === held.plotId ? withHeldPlaces(beside, held.quantity) : beside;
      }),
    [plots.data, items, own, amount, held],
  );
  const levels = useMemo(() => {
    const map = new Map<string, AvailabilityLevel>();
    for (const day of selectableDates(shown, amount)) {
      const best = Math.max(...plotsOnDate(shown, day, amount).map((plot) => plot.availability.percentage));
      map.set(day, calendarAvailabilityLevel(best));
    }
    return map;
  }, [shown, amount]);

  // Days whose slots are all full for this order: choosable, to join a slot's waiting list there. Full means too
  // few places left for the order; a slot the server no longer offers with places left (started today) is not
  // full: a day of only such slots has nothing (today, late on).
  const fullDays = useMemo(
    () =>
      new Set(
        shown
          .filter((plot) => plot.date >= today && plot.capacity !== null && plot.availability.amount < amount && !levels.has(plot.date))
          .map((plot) => plot.date),
      ),
    [shown, today, levels, amount],
  );

  // Once per visit of the step, and only while nothing is chosen (Back must not bounce forward).
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !plots.isSuccess) return;
    preselected.current = true;
    // A slot picked in the calendar is chosen when it fits the order.
    const wanted =
      order.plotId === null && order.date !== null ? plotsOnDate(shown, order.date, amount).find((plot) => plot.id === order.wantedPlotId) : undefined;
    if (wanted) {
      plotChosen(wanted.id, wanted.date);
      return;
    }
    if (order.plotId !== null || order.date !== null) return;
    // A move is offered its own slot but never preselected onto it: it came to choose another.
    const choice = preselectPlot(own ? shown.filter((plot) => plot.id !== own.id) : shown, today, amount);
    if (!choice) return;
    plotChosen(choice.plot.id, choice.plot.date);
    if (choice.autoProceed) onNext();
  }, [plots.isSuccess, shown, own, today, amount, order.plotId, order.date, order.wantedPlotId, plotChosen, onNext]);

  // The day's slots that are full for this order: listed as sold out, and the visitor may wait for one of them.
  const fullPlots = order.date
    ? shown.filter((plot) => plot.date === order.date && plot.capacity !== null && plot.availability.amount < Math.max(amount, 1))
    : [];
  const fullSlots = fullPlots.map((plot) => ({ id: plot.id, label: slotTime(plot, product.settings.show_end_time, t('plot.allDay')) }));
  // A waiting-list link's places: held for this visitor, until the hold ends.
  const heldHere = held?.expiresAt && shown.some((plot) => plot.id === held.plotId) ? held : null;
  if (plots.isPending) return <Spinner label={t('plot.loading')} />;
  const slots = order.date ? plotsOnDate(shown, order.date, amount) : [];

  return (
    <>
      <div className="plot-step">
        <div className="plot-step__calendar">
          <Suspense fallback={<Spinner label={t('plot.loading')} />}>
            <PlotCalendar today={today} selected={order.date} levels={levels} fullDays={fullDays} onSelect={dayChosen} />
          </Suspense>
        </div>
        <div className="plot-step__slots" aria-live="polite">
          {heldHere?.expiresAt ? (
            <Alert tone="info">
              {t('plot.heldForYou', { count: heldHere.quantity, until: formatMoment(new Date(heldHere.expiresAt), i18n.language, timezone) })}
            </Alert>
          ) : null}
          {order.date ? <h3>{formatDay(order.date, i18n.language)}</h3> : <p>{t('plot.chooseDay')}</p>}
          {order.date && slots.length === 0 ? <Alert tone="warning">{t('plot.notAvailable')}</Alert> : null}
          {fullSlots.length > 0 ? (
            <Suspense fallback={<Spinner label={t('plot.loading')} />}>
              <WaitlistForm slots={fullSlots} quantity={amount} collapsed={slots.length > 0} />
            </Suspense>
          ) : null}
          {slots.length > 0 || fullPlots.length > 0 ? (
            <TimeSlotList
              plots={slots}
              full={fullPlots}
              selectedId={order.plotId}
              currentId={own?.id ?? null}
              settings={product.settings}
              onSelect={(plot) => plotChosen(plot.id, plot.date)}
            />
          ) : null}
        </div>
      </div>
      <StepNavigation onBack={onBack} onNext={onNext} nextDisabled={order.plotId === null || !slots.some((plot) => plot.id === order.plotId)} />
    </>
  );
}
