/**
 * Changing a reservation through the product flow (spec section 2, Reservation page): "Change
 * reservation" leads to /product/{id}/change with the reservation preloaded (its tickets, its slot
 * shown as the current one and chosen, its extras kept), the customer not asked again; the new
 * total comes from the server's simulation of the change before confirming, and the confirm sends
 * the change to the reservation (not a new order), then shows the reservation page again.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReservationResponse } from '#domain/contracts/reservation.ts';
import { useBookingMoveStore } from '../../../src/lib/booking-move-store.ts';
import { EMPTY_CART, useCartStore } from '../../../src/lib/cart-store.ts';
import { startupHandlers } from '../app/fixtures.ts';
import { renderApp } from '../app/render-app.tsx';
import { server } from '../msw-server.ts';
import { draft } from '../product-order/draft.ts';
import { aquarium, audioGuide, plot, prices, shopDay } from '../product-order/order-fixtures.ts';

const HASH = 'res_change';

const reservation: ReservationResponse = {
  reservation: {
    id: 58,
    hash: HASH,
    customer: {
      first_name: 'Dana',
      last_name: 'de Vries',
      email: 'dana@example.test',
      company: null,
      vat_id: null,
      address: null,
      zipcode: null,
      city: null,
      fields: { email_confirm: 'dana@example.test' },
    },
  },
  product: {
    id: 1,
    title: 'Aquarium entry',
    image: null,
    quantity: 2,
    audiences: [{ id: 11, name: 'Adult', quantity: 2, price: 18.5 }],
    plot: { id: 700, date: shopDay(2), time: { start: '10:00', end: '11:00' } },
    price: 37,
    discount: 0,
    types: { price: 'DAY', capacity: 'NONE' },
  },
  upsells: [{ id: 32, title: 'Audio guide', quantity: 1, price: 4.5 }],
  additional_reservations: [],
  expiration_date: null,
  allow_changes: true,
  rebooking_secret: null,
  additions: [],
  total: 41.5,
  coupons: [],
  history: [],
};

function serveChange() {
  const sent = { simulations: [] as unknown[], changes: [] as unknown[], orders: 0, plotQueries: [] as URLSearchParams[] };
  let current = reservation;
  server.use(
    ...startupHandlers(),
    http.get('*/api/reservation/:hash', () => HttpResponse.json(current)),
    http.post('*/api/reservation/:hash/change/simulate', async ({ request }) => {
      sent.simulations.push(await request.json());
      return HttpResponse.json({ ok: true, prices: { ...prices(55.5), upsell: 4.5, subtotal: 60, total: 60 } });
    }),
    http.post('*/api/reservation/:hash/change', async ({ request }) => {
      sent.changes.push(await request.json());
      current = {
        ...reservation,
        product: { ...reservation.product, quantity: 3, audiences: [{ id: 11, name: 'Adult', quantity: 3, price: 18.5 }], price: 55.5 },
        total: 60,
      };
      return HttpResponse.json(current);
    }),
    // The reservation's own slot is nearly full: 1 place left. Asked with rebookPlot, the server
    // counts the ordered places as the reservation's own (up to 3 here), as the plots call does.
    http.get('*/api/products/:id/plots', ({ request }) => {
      const query = new URL(request.url).searchParams;
      sent.plotQueries.push(query);
      const freed = query.get('rebookPlot') === '700' ? Number(query.get('order[audiences][0][quantity]') ?? 0) : 0;
      const amount = 1 + freed;
      return HttpResponse.json([
        plot(700, shopDay(2), '10:00', { availability: { amount, percentage: Math.round((amount / 40) * 100) } }),
        plot(701, shopDay(3), '10:00'),
      ]);
    }),
    http.get('*/api/products/:id/upsells', () => HttpResponse.json([audioGuide])),
    http.get('*/api/products/:id', () => HttpResponse.json({ ...aquarium, upsells: [audioGuide] })),
    http.post('*/api/orders', () => {
      sent.orders += 1;
      return HttpResponse.json({ ok: true, response: { orders: [] } });
    }),
  );
  return sent;
}

afterEach(() => {
  useBookingMoveStore.getState().moveEnded();
  act(() => useCartStore.setState(EMPTY_CART));
});

describe('changing a reservation through the product flow', () => {
  it('preloads the reservation, shows the new total from the change simulation and sends the change, not an order', async () => {
    const sent = serveChange();
    // An item already in the cart stays there: the change is of the reservation alone.
    const waiting = draft(3, 'zoo-guidebook', { step: 'customer', quantity: 1 });
    act(() => useCartStore.setState({ items: [waiting] }));
    const { user, router } = await renderApp(`/reservation/${HASH}`);
    await user.click(await screen.findByRole('button', { name: 'Change reservation' }));

    expect(router.state.location.pathname).toBe('/product/1/change');
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose a date and time' })).toBeTruthy();
    // Its own slot is the current one, chosen.
    const own = await screen.findByRole('button', { name: /10:00.*current/ });
    expect(own.getAttribute('aria-pressed')).toBe('true');
    expect(sent.plotQueries.every((query) => query.get('rebookPlot') === '700')).toBe(true);

    // One more ticket: back to the quantities, then the same slot again (its own places count as free).
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'More: Adult' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: /10:00.*current/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // No extras step (the reservation keeps its extras) and the customer is not asked again.
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeTruthy();
    // The reservation's customer, preloaded (every field shown locked: src/features/product-order/components/customer-step.tsx).
    expect(useCartStore.getState().customer).toMatchObject({ first_name: 'Dana', last_name: 'de Vries', email: 'dana@example.test' });

    // The new total before confirming, as the server simulates the change.
    const confirm = await screen.findByRole('button', { name: 'Change reservation (€60.00)' });
    const summary = screen.getByRole('complementary', { name: 'Your order' });
    expect(within(summary).queryByText('Zoo guidebook')).toBeNull();
    expect(within(summary).queryByRole('button', { name: /coupon/i })).toBeNull();
    expect(sent.simulations.at(-1)).toEqual({ plot: 700, quantity: 3, audiences: { 11: { quantity: 3 } } });
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/reservation/${HASH}`));
    expect(await screen.findByText('Your reservation has been changed.')).toBeTruthy();
    expect(sent.changes).toEqual([{ plot: 700, quantity: 3, audiences: { 11: { quantity: 3 } } }]);
    expect(sent.orders).toBe(0);
    expect(useCartStore.getState()).toMatchObject({ current: null, items: [waiting] });
    expect(useBookingMoveStore.getState().move).toBeNull();
  }, 30_000);

  it('shows a visitor without a change of that product its plain order flow (a slug may be "change" too)', async () => {
    serveChange();
    const { router } = await renderApp('/product/1/change');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aquarium entry' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'How many tickets?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/product/1/change');
    expect(useCartStore.getState().current?.move ?? null).toBeNull();
  });
});
