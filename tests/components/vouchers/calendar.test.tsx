/**
 * /calendar against msw: ONE plots request for the 60-day window, the first day's slots with time
 * range or "All day", places left, a 140-character preview and "Add tickets" (or "Checkout" when in
 * the cart); a failed load is logged and shows an empty calendar with a message.
 */
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeProducts, Plot } from '#domain/contracts/catalogue.ts';
import { Component as CalendarRoute } from '../../../src/features/calendar/route.tsx';
import { EMPTY_CART, useCartStore } from '../../../src/lib/cart-store.ts';
import { createShopQueryClient, renderWithShop } from '../components/render-with-shop.tsx';
import { homeProducts } from '../components/shop-fixtures.ts';
import { server } from '../msw-server.ts';

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
const plot = (id: number, start: string | null, end: string | null, amount = 12): Plot => ({
  id,
  date: today,
  time: { start, end },
  capacity: 20,
  availability: { amount, percentage: 60 },
  selectable: true,
  price: 10,
  lowestTotalPrice: 10,
  maxOrdersReached: false,
  audiencePrices: [],
});
const products: HomeProducts = {
  ...homeProducts,
  products: [
    {
      id: 3,
      slug: 'tour',
      title: 'Behind the scenes',
      description: `<p>${'x'.repeat(150)}</p>`,
      image: null,
      label: null,
      state: 'PUBLISHED',
      visible: true,
      price: 10,
      full: false,
    },
    {
      id: 4,
      slug: 'day',
      title: 'Day ticket',
      description: '<p>All day long.</p>',
      image: null,
      label: null,
      state: 'PUBLISHED',
      visible: true,
      price: 10,
      full: false,
    },
  ],
};

let requests: URL[] = [];
beforeEach(() => {
  requests = [];
  act(() => useCartStore.setState(EMPTY_CART));
});
afterEach(() => vi.restoreAllMocks());

async function renderCalendar(handler: () => Response | Promise<Response>) {
  server.use(
    http.get('*/api/plots', ({ request }) => {
      requests.push(new URL(request.url));
      return handler();
    }),
  );
  return renderWithShop(
    { '/calendar': <CalendarRoute />, '/product/:id/:slug': <p>product page</p> },
    { path: '/calendar', queryClient: createShopQueryClient({ homeProducts: products }) },
  );
}

describe('calendar', () => {
  it('lists the first day’s slots from one request for the 60-day window', async () => {
    await renderCalendar(() =>
      HttpResponse.json([
        { product: 3, plots: [plot(31, '10:00', '11:30')] },
        { product: 4, plots: [plot(41, null, null, 1)] },
      ]),
    );
    const day = await screen.findByRole('region', { name: /\d{4}/ });
    expect(await within(day).findByText('10:00 - 11:30')).toBeTruthy();
    expect(within(day).getByText('All day')).toBeTruthy();
    expect(within(day).getByText('12 places left')).toBeTruthy();
    expect(within(day).getByText('1 place left')).toBeTruthy();
    expect(within(day).getByText(`${'x'.repeat(140)}…`)).toBeTruthy();
    expect(within(day).getByRole('link', { name: 'Add tickets: Behind the scenes, 10:00 - 11:30' }).getAttribute('href')).toBe('/product/3/tour');
    expect(requests).toHaveLength(1);
    const [asked] = requests as [URL];
    expect(asked.searchParams.get('filterFrom')).toBe(today);
    expect(asked.searchParams.get('orderingCol')).toBe('date');
    expect(asked.searchParams.get('orderingDir')).toBe('asc');
    const until = new Date(Date.parse(`${today}T00:00:00Z`) + 59 * 86_400_000).toISOString().slice(0, 10);
    expect(asked.searchParams.get('filterUntil')).toBe(until);
  });

  it('holds the day’s list in place with a busy skeleton while the plots load, then shows the slots there', async () => {
    let answer: (response: Response) => void = () => undefined;
    await renderCalendar(() => new Promise<Response>((resolve) => (answer = resolve)));
    const loading = await screen.findByRole('region');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(within(loading).getByRole('status').textContent).toBe('Loading the calendar…');
    expect(screen.queryByRole('link', { name: /^Add tickets/ })).toBeNull();
    const layout = loading.parentElement as HTMLElement;
    await act(async () => answer(HttpResponse.json([{ product: 3, plots: [plot(31, '10:00', '11:30')] }])));
    const day = await screen.findByRole('region', { name: /\d{4}/ });
    expect(day.parentElement).toBe(layout);
    expect(day.getAttribute('aria-busy')).toBeNull();
    expect(within(day).getByRole('link', { name: 'Add tickets: Behind the scenes, 10:00 - 11:30' })).toBeTruthy();
  });

  it('offers Checkout for a slot the cart already holds', async () => {
    act(() =>
      useCartStore.setState({ current: { productId: 3, slug: 'tour', step: 'customer', quantity: 1, audiences: {}, date: today, plotId: 31, upsells: {} } }),
    );
    await renderCalendar(() => HttpResponse.json([{ product: 3, plots: [plot(31, '10:00', '11:30')] }]));
    expect(await screen.findByRole('link', { name: 'Checkout' })).toBeTruthy();
  });

  it('counts the cart’s places off a slot’s availability, and lists a slot the cart fills only to check out', async () => {
    act(() =>
      useCartStore.setState({
        items: [
          { productId: 3, slug: 'tour', step: 'customer', quantity: 5, audiences: {}, date: today, plotId: 31, upsells: {} },
          { productId: 4, slug: 'day', step: 'customer', quantity: 0, audiences: { 1: 1, 2: 1 }, date: today, plotId: 42, upsells: {} },
        ],
      }),
    );
    await renderCalendar(() =>
      HttpResponse.json([
        { product: 3, plots: [plot(31, '10:00', '11:30')] },
        { product: 4, plots: [plot(41, null, null, 3), plot(42, '14:00', '15:00', 2)] },
      ]),
    );
    const day = await screen.findByRole('region', { name: /\d{4}/ });
    expect(await within(day).findByText('7 places left')).toBeTruthy();
    expect(within(day).getByText('3 places left')).toBeTruthy();
    expect(within(day).getByText('0 places left')).toBeTruthy();
    expect(within(day).getAllByRole('link', { name: 'Checkout' })).toHaveLength(2);
    expect(within(day).getByRole('link', { name: 'Add tickets: Day ticket, All day' })).toBeTruthy();
  });

  it('logs a failed load and shows an empty calendar with a message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderCalendar(() => HttpResponse.json({ ok: false, error: 'INTERNAL_ERROR', message: 'boom' }, { status: 500 }));
    expect(await screen.findByText('The calendar could not be loaded. Please try again later.')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: /^Add tickets/ })).toBeNull();
    expect(screen.getByRole('grid')).toBeTruthy();
  });
});
