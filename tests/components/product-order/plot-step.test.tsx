import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '#domain/plot-query.ts';
import { formatMoment } from '#domain/date-text.ts';
import { useCartStore } from '../../../src/lib/cart-store.ts';
import { draft } from './draft.ts';
import { renderFlow, resetStores } from './flow-harness.tsx';
import { plot, productOf, serveOrderApi, shopDay } from './order-fixtures.ts';

const tour = productOf(4, 'behind-the-scenes', 'Behind the scenes', {
  options: { days: true, timeslots: true, audiences: false },
  types: { price: 'TIMESLOT', capacity: 'LIMITED' },
});

function startAtPlot(extra = {}) {
  act(() => useCartStore.setState({ current: draft(4, 'behind-the-scenes', { step: 'plot', quantity: 2, ...extra }) }));
}

beforeEach(resetStores);

describe('plot step', () => {
  it('chooses a single plot by itself and moves on', async () => {
    serveOrderApi({ products: [tour], plots: [plot(9, shopDay(5), '11:00')] });
    startAtPlot();
    await renderFlow('/product/4/behind-the-scenes');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeTruthy();
    expect(useCartStore.getState().current).toMatchObject({ plotId: 9, date: shopDay(5) });
  });

  it('preselects the first plot after today and asks for the quantities ordered', async () => {
    const recorded = serveOrderApi({ products: [tour], plots: [plot(1, shopDay(0), '10:00'), plot(2, shopDay(1), '10:00'), plot(3, shopDay(1), '12:00')] });
    startAtPlot();
    await renderFlow('/product/4/behind-the-scenes');
    await waitFor(() => expect(useCartStore.getState().current?.plotId).toBe(2));
    expect(screen.getByRole('button', { name: /10:00 – 11:00/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: 'Choose a date and time' })).toBeTruthy();
    expect(recorded.plotQueries[0]?.get('order[quantity]')).toBe('2');
    // The 60-day window of spec section 7: today in the organisation's timezone and the 59 days after it.
    expect(recorded.plotQueries[0]?.get('filterFrom')).toBe(shopDay(0));
    expect(recorded.plotQueries[0]?.get('filterUntil')).toBe(addDays(shopDay(0), 59));
  });

  it('disables a day said to have nothing available, today with its started slots too', async () => {
    // Today's slot has started (the server no longer offers it): today has nothing to choose, and is no full day to wait for.
    serveOrderApi({ products: [tour], plots: [plot(1, shopDay(0), '10:00', { selectable: false }), plot(2, shopDay(1), '10:00')] });
    startAtPlot();
    await renderFlow('/product/4/behind-the-scenes');
    await waitFor(() => expect(useCartStore.getState().current?.plotId).toBe(2));
    const unavailable = await screen.findAllByRole('button', { name: /, nothing available$/ });
    expect(unavailable.length).toBeGreaterThan(0);
    for (const day of unavailable) expect(day.hasAttribute('disabled'), day.getAttribute('aria-label') ?? '').toBe(true);
    const today = unavailable.find((day) => day.closest('[data-today]'));
    expect(today, 'today is among the days with nothing available').toBeTruthy();
  });

  it('does not list a slot without room for the order or at its order limit', async () => {
    serveOrderApi({
      products: [tour],
      plots: [
        plot(1, shopDay(1), '10:00', { availability: { amount: 1, percentage: 3 } }),
        plot(2, shopDay(1), '12:00', { maxOrdersReached: true }),
        plot(3, shopDay(1), '14:00'),
      ],
    });
    startAtPlot();
    await renderFlow('/product/4/behind-the-scenes');
    expect(await screen.findByRole('button', { name: /14:00/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /10:00/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /12:00/ })).toBeNull();
  });

  it('shows a plot less what the cart already holds on it', async () => {
    serveOrderApi({ products: [tour], plots: [plot(1, shopDay(1), '10:00'), plot(2, shopDay(2), '10:00')] });
    act(() => useCartStore.setState({ items: [draft(4, 'behind-the-scenes', { step: 'customer', quantity: 4, plotId: 1, date: shopDay(1) })] }));
    startAtPlot({ date: shopDay(1) });
    await renderFlow('/product/4/behind-the-scenes');
    expect(await screen.findByText('26 places left')).toBeTruthy();
  });

  it('says when nothing is available on the chosen day', async () => {
    serveOrderApi({ products: [tour], plots: [plot(1, shopDay(1), '10:00'), plot(2, shopDay(2), '10:00')] });
    startAtPlot({ date: shopDay(4) });
    await renderFlow('/product/4/behind-the-scenes');
    expect(await screen.findByText(/Nothing is available on this date/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables and announces the days with nothing available, and marks the chosen day selected', async () => {
    serveOrderApi({ products: [tour], plots: [plot(1, shopDay(1), '10:00')] });
    startAtPlot({ date: shopDay(1), plotId: 1 });
    await renderFlow('/product/4/behind-the-scenes');
    const chosen = (await screen.findByRole('button', { name: /, selected, available$/ })) as HTMLButtonElement;
    expect(chosen.disabled).toBe(false);
    expect(chosen.closest('.rdp-day')?.classList.contains('rdp-selected')).toBe(true);
    const unavailable = screen.getAllByRole('button', { name: /, nothing available$/ }) as HTMLButtonElement[];
    // Every other day of the month shown: past days and days without a plot.
    expect(unavailable.length).toBeGreaterThanOrEqual(27);
    expect(unavailable.every((button) => button.disabled)).toBe(true);
  });

  it('keeps a sold-out slot in the day’s list as sold out, beside its waiting-list offer (issue 38)', async () => {
    serveOrderApi({
      products: [tour],
      plots: [
        plot(1, shopDay(1), '10:00', { availability: { amount: 0, percentage: 0 } }),
        plot(2, shopDay(1), '12:00', { availability: { amount: 1, percentage: 3 } }),
        plot(3, shopDay(1), '14:00'),
      ],
    });
    startAtPlot({ date: shopDay(1) });
    await renderFlow('/product/4/behind-the-scenes');
    const list = await screen.findByRole('list', { name: 'Time slots' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^10:00 – 11:00.*Sold out$/),
      expect.stringMatching(/^12:00 – 13:00.*Only 1 place left$/),
      expect.stringMatching(/^14:00 – 15:00/),
    ]);
    // Listed, not choosable: only the free slot is a button.
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([expect.stringMatching(/^14:00/)]);
    expect(await screen.findByRole('button', { name: 'Tell me when places come back' })).toBeTruthy();
  });

  it('says the places a waiting-list link holds are held for the visitor, and until when (issue 38)', async () => {
    const expiresAt = new Date(Date.now() + 30 * 60_000).toISOString();
    sessionStorage.setItem('shop.waitlistHold', JSON.stringify({ token: 'held-token', plotId: 1, quantity: 2, expiresAt }));
    serveOrderApi({ products: [tour], plots: [plot(1, shopDay(1), '10:00', { availability: { amount: 0, percentage: 0 } })] });
    startAtPlot({ date: shopDay(1) });
    await renderFlow('/product/4/behind-the-scenes');
    expect(await screen.findByText(`2 places are held for you until ${formatMoment(new Date(expiresAt), 'en', 'Europe/Amsterdam')}.`)).toBeTruthy();
    // The held places are the visitor's: the slot is choosable for them.
    expect(screen.getByRole('button', { name: /10:00/ })).toBeTruthy();
  });
});
