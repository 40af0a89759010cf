/**
 * Rebooking in the storefront: the entry checks the secret (failure: home), validates the order
 * number and e-mail prefilled from the query, and leads to /product/{id}/rebook: the product flow
 * with the old order preloaded, the old slot not offered, the price the payment will ask shown
 * before submitting; the submission carries `rebook` and `rebook_secret` and its payment runs
 * through the dispatcher. The cart's other items are left alone.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { RebookValidation } from '#domain/contracts/rebook.ts';
import type { OrderRequest } from '#domain/contracts/orders.ts';
import { EMPTY_CART, useCartStore } from '../../../src/lib/cart-store.ts';
import { useBookingMoveStore } from '../../../src/lib/booking-move-store.ts';
import { errorBody, organisation, startupHandlers } from '../app/fixtures.ts';
import { renderApp } from '../app/render-app.tsx';
import { server } from '../msw-server.ts';
import { draft } from '../product-order/draft.ts';
import { aquarium, audioGuide, plot, prices, shopDay } from '../product-order/order-fixtures.ts';

const validation: RebookValidation = {
  token: 'move_token_of_the_booking',
  expires_at: '2030-06-03T08:00:00.000Z',
  product: 1,
  plot: 700,
  status: 'PAID',
  quantity: { product: { 11: 2, 12: 1 }, upsell: { 32: 1 } },
  amount: 50.5,
  customer: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.test',
    company: null,
    vat_id: null,
    address: null,
    zipcode: null,
    city: null,
    fields: { email_confirm: 'ada@example.test' },
  },
};

function serveRebook(options: { secretOk?: boolean; validate?: () => Response } = {}) {
  const sent = { validate: [] as unknown[], simulations: [] as OrderRequest[], orders: [] as OrderRequest[], plotQueries: [] as URLSearchParams[] };
  server.use(
    ...startupHandlers(),
    http.get('*/api/rebook/secret/:secret/:orderId', ({ params }) =>
      options.secretOk === false || params.secret !== 'tidewater-rebook' ? errorBody('NOT_FOUND', 404) : HttpResponse.json({ ok: true }),
    ),
    http.post('*/api/rebook/validate', async ({ request }) => {
      sent.validate.push(await request.json());
      return options.validate ? options.validate() : HttpResponse.json({ ok: true, response: validation });
    }),
    http.get('*/api/products/:id/plots', ({ request }) => {
      sent.plotQueries.push(new URL(request.url).searchParams);
      // The old slot (700) is the first after today: a rebooking must not preselect it.
      return HttpResponse.json([plot(700, shopDay(2), '10:00'), plot(701, shopDay(3), '10:00'), plot(702, shopDay(4), '10:00')]);
    }),
    http.get('*/api/products/:id/upsells', () => HttpResponse.json([audioGuide])),
    http.get('*/api/products/:id', () => HttpResponse.json({ ...aquarium, upsells: [audioGuide] })),
    http.post('*/api/orders', async ({ request }) => {
      const body = (await request.json()) as OrderRequest;
      if (body.simulate) {
        sent.simulations.push(body);
        return HttpResponse.json({ ok: true, response: { orders: [{ order: null, payment: null, prices: prices(52.5), invoice: false, amount: 4.5 }] } });
      }
      sent.orders.push(body);
      return HttpResponse.json({
        ok: true,
        response: {
          orders: [
            {
              order: { status: 'PAID', hash: 'new_order' },
              payment: { type: 'REDIRECT', gateway: 'none', hash: 'pay_new', transaction: false },
              prices: prices(52.5),
              invoice: false,
            },
          ],
        },
      });
    }),
    http.get('*/api/orders/:hash', () => HttpResponse.json({ hash: 'new_order', status: 'PENDING', payment: null, total: 0 })),
  );
  return sent;
}

afterEach(() => {
  useBookingMoveStore.getState().moveEnded();
  act(() => useCartStore.setState(EMPTY_CART));
});

describe('rebooking', () => {
  it('validates the prefilled order and moves it through the product flow with rebook and rebook_secret', async () => {
    const sent = serveRebook();
    // An item already in the cart stays there: the rebooking is an order of its own.
    const waiting = draft(3, 'zoo-guidebook', { step: 'customer', quantity: 1 });
    act(() => useCartStore.setState({ items: [waiting] }));
    const { user, router } = await renderApp('/rebook/tidewater-rebook?order=1042&email=ada%40example.test');
    const order = (await screen.findByRole('textbox', { name: /Order number/ })) as HTMLInputElement;
    expect(order.value).toBe('1042');
    expect((screen.getByRole('textbox', { name: /E-mail address/ }) as HTMLInputElement).value).toBe('ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Find my booking' }));

    // The product flow, at its date step, the old order preloaded.
    expect(await screen.findByRole('heading', { level: 1, name: 'Aquarium entry' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/product/1/rebook');
    expect(sent.validate).toEqual([{ secret: 'tidewater-rebook', order: { id: 1042, email: 'ada@example.test' } }]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose a date and time' })).toBeTruthy();
    expect(sent.plotQueries[0]?.get('order[audiences][0][id]')).toBe('11');
    expect(sent.plotQueries[0]?.get('order[audiences][0][quantity]')).toBe('2');
    // The old slot goes with the plots call (the server counts its places as free); it is offered
    // as the current slot but not preselected: the next one is.
    expect(sent.plotQueries[0]?.get('rebookPlot')).toBe('700');
    await waitFor(() => expect(useCartStore.getState().current?.plotId).toBe(701));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The extras as they were.
    expect(await screen.findByRole('heading', { level: 2, name: 'Add extras' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Before submitting: what the payment will ask, from the simulation of the rebooking itself.
    const pay = await screen.findByRole('button', { name: 'Rebook and pay €4.50' });
    expect(screen.getByText('To pay now: €4.50')).toBeTruthy();
    expect(sent.simulations.at(-1)?.orders[0]).toMatchObject({ rebook: 'move_token_of_the_booking', rebook_secret: 'tidewater-rebook', simulate: true });
    expect(sent.simulations.at(-1)?.coupon).toEqual([]);
    // No coupon link and none of the cart's other items.
    expect(screen.queryByRole('button', { name: /coupon/i })).toBeNull();
    expect(screen.queryByText('Zoo guidebook')).toBeNull();
    await user.click(pay);

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/return/pay_new'));
    expect(sent.orders).toEqual([
      expect.objectContaining({
        action: 'pay',
        coupon: [],
        customer: expect.objectContaining({ first_name: 'Ada', email: 'ada@example.test' }),
        orders: [
          expect.objectContaining({
            product: { id: 1, plot: 701, quantity: 3 },
            audiences: { 11: { quantity: 2 }, 12: { quantity: 1 } },
            upsells: { 32: { quantity: 1 } },
            rebook: 'move_token_of_the_booking',
            rebook_secret: 'tidewater-rebook',
          }),
        ],
      }),
    ]);
    expect(useCartStore.getState()).toMatchObject({ current: null, items: [waiting] });
  }, 30_000);

  it('asks only for the fields of the booking it moves, not of the cart’s other items', async () => {
    const sent = serveRebook();
    // A required field of the guidebook alone, which waits in the cart.
    const guideLanguage = {
      id: 90,
      name: 'guide_language',
      label: 'Guidebook language',
      type: 'TEXT' as const,
      required: true,
      default: false,
      business: false,
      options: [],
      sort: 90,
      subscriptions: [],
      products: [3],
      vouchers: [],
    };
    server.use(http.get('*/api/organisation', () => HttpResponse.json({ ...organisation, fields: [guideLanguage] })));
    act(() => useCartStore.setState({ items: [draft(3, 'zoo-guidebook', { step: 'customer', quantity: 1 })] }));
    const { user } = await renderApp('/rebook/tidewater-rebook?order=1042&email=ada%40example.test');
    await user.click(await screen.findByRole('button', { name: 'Find my booking' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose a date and time' })).toBeTruthy();
    await waitFor(() => expect(useCartStore.getState().current?.plotId).toBe(701));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Add extras' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The booking's own details are complete: straight to paying, the guidebook's field not asked.
    await user.click(await screen.findByRole('button', { name: 'Rebook and pay €4.50' }));
    await waitFor(() => expect(sent.orders).toHaveLength(1));
    expect(screen.queryByRole('textbox', { name: /Guidebook language/ })).toBeNull();
    expect(sent.orders[0]?.customer.fields).not.toHaveProperty('guide_language');
  }, 30_000);

  it('shows a visitor without a validated rebooking of that product its plain order flow (a slug may be "rebook" too)', async () => {
    const sent = serveRebook();
    const { router } = await renderApp('/product/1/rebook');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aquarium entry' })).toBeTruthy();
    // The flow from its first step, nothing preloaded and nothing about a rebooking.
    expect(await screen.findByRole('heading', { level: 2, name: 'How many tickets?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/product/1/rebook');
    expect(useCartStore.getState().current?.productId).toBe(1);
    expect(useCartStore.getState().current?.move ?? null).toBeNull();
    expect(sent.validate).toEqual([]);
  });

  it('sends the visitor home when the secret is not the shop’s', async () => {
    serveRebook({ secretOk: false });
    const { router } = await renderApp('/rebook/guess?order=1&email=a%40b.example');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says in words when the booking may not be rebooked', async () => {
    serveRebook({ validate: () => HttpResponse.json({ ok: false, error: 'REBOOK_NOT_ALLOWED', message: 'Rebook is not allowed' }, { status: 409 }) });
    const { user } = await renderApp('/rebook/tidewater-rebook?order=7&email=ada%40example.test');
    await user.click(await screen.findByRole('button', { name: 'Find my booking' }));
    expect(await screen.findByText('This booking cannot be rebooked.')).toBeTruthy();
  });

  it('shows the server’s error_info when the validation fails, not the code’s text', async () => {
    const info = 'No order with this number and e-mail address.';
    serveRebook({ validate: () => HttpResponse.json({ ok: false, error: 'NOT_FOUND', message: info, error_info: info }, { status: 404 }) });
    const { user } = await renderApp('/rebook/tidewater-rebook?order=7&email=wrong%40example.test');
    await user.click(await screen.findByRole('button', { name: 'Find my booking' }));
    expect(await screen.findByText(info)).toBeTruthy();
    expect(screen.queryByText('We could not find what you were looking for.')).toBeNull();
  });

  it('asks for both fields before validating', async () => {
    const sent = serveRebook();
    const { user } = await renderApp('/rebook/tidewater-rebook');
    await user.click(await screen.findByRole('button', { name: 'Find my booking' }));
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(2);
    expect(sent.validate).toEqual([]);
  });
});
