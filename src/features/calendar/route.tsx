/**
 * /calendar (spec sections 2 and 8): a 60-day calendar of available plots with a list per day. Two
 * requests for the whole window (the products, loaded at start-up, and GET /api/plots), never one per
 * day or product; dates and times are the organisation's. While they load, a skeleton of the day's list
 * holds its place. A failed load is logged and shows an empty calendar with a message.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { groupByDay } from '#domain/calendar.ts';
import { isSlotListed, placesOnPlot, plotBesideCart } from '#domain/order/plot-selection.ts';
import { plotWindow } from '#domain/plot-query.ts';
import { useHomeProducts } from '../../lib/api/home-products.ts';
import { useOrganisation } from '../../lib/api/organisation.ts';
import { useCartStore } from '../../lib/cart-store.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCalendarPlots } from './api/get-calendar-plots.ts';
import { AvailabilityCalendar } from './components/availability-calendar.tsx';
import { DaySlots, DaySlotsSkeleton, type DaySlot } from './components/day-slots.tsx';
import './calendar.css';

export function Component() {
  const { t, i18n } = useTranslation('calendar');
  useDocumentTitle(t('title'));
  const { timezone } = useOrganisation();
  const { products } = useHomeProducts();
  const current = useCartStore((state) => state.current);
  const items = useCartStore((state) => state.items);
  const plots = useCalendarPlots(timezone, i18n.language);
  const window = plotWindow(new Date(), timezone);
  const from = window.filterFrom as string;
  const until = window.filterUntil as string;

  const days = useMemo(() => {
    // The cart's places are counted off each slot's availability, as the slot step does.
    const cart = [...items, ...(current ? [current] : [])];
    const byId = new Map(products.map((product) => [product.id, product]));
    const slots = (plots.data ?? []).flatMap((entry) => {
      const product = byId.get(entry.product);
      if (!product) return [];
      return entry.plots.flatMap((answered): (DaySlot & { date: string })[] => {
        if (!answered.selectable) return [];
        const inCart = placesOnPlot(cart, answered.id) > 0;
        const plot = plotBesideCart(answered, cart);
        // A slot the cart fills up is listed only to go to the checkout.
        return inCart || isSlotListed(plot, 1) ? [{ plot, product, inCart, date: plot.date }] : [];
      });
    });
    // Per day: whole-day plots first, then by start time, then by product.
    slots.sort((a, b) => (a.plot.time.start ?? '').localeCompare(b.plot.time.start ?? '') || a.product.title.localeCompare(b.product.title));
    return groupByDay(slots);
  }, [plots.data, products, items, current]);

  const firstDay = [...days.keys()].sort()[0] ?? null;
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen ?? firstDay;

  return (
    <div className="page calendar-page">
      <h1 className="page__title">{t('title')}</h1>
      {plots.isError ? <Alert tone="warning">{t('failed')}</Alert> : null}
      <div className="calendar-layout">
        <AvailabilityCalendar from={from} until={until} selected={selected} daysWithPlots={new Set(days.keys())} onSelect={setChosen} />
        {/* While the plots load, the day's list keeps its place (same size), so nothing below or beside it moves when they arrive. */}
        {plots.isPending ? <DaySlotsSkeleton label={t('loading')} /> : selected ? <DaySlots day={selected} slots={days.get(selected) ?? []} /> : null}
      </div>
    </div>
  );
}
