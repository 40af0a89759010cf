/**
 * Rebooking in the storefront: the entry checks the secret (failure: home), validates the order
 * number and e-mail prefilled from the query, and leads to /product/{id}/rebook, where the old
 * order is preloaded and a new slot is chosen; the submission carries `rebook` and `rebook_secret`
 * and its payment runs through the dispatcher.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Plot } from '../../../src/domain/contracts/catalogue.ts';
import type { RebookValidation } from '../../../src/domain/contracts/rebook.ts';
import { useRebookStore } from '../../../src/features/rebook/store.ts';
import { errorBody, startupHandlers } from '../app/fixtures.ts';
import { renderApp } from '../app/render-app.tsx';
import { server } from '../msw-server.ts';

const validation: RebookValidation = {
  hash: 'old_order_hash',
  product: 3,
  plot: 700,
  status: 'PAID',
  quantity: { product: { 11: 2, 12: 1 }, upsell: { 40: 1 } },
  amount: 71,
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

const slot = (id: number, date: string): Plot => ({
  id,
  date,
  time: { start: '15:00', end: '16:30' },
  capacity: 12,
  availability: { amount: 10, percentage: 83 },
  selectable: true,
  price: 35,
  lowestTotalPrice: 105,
  maxOrdersReached: false,
  audiencePrices: [],
});

function serveRebook(options: { secretOk?: boolean; validate?: () => Response } = {}) {
  const sent = { validate: [] as unknown[], orders: [] as unknown[], plotQueries: [] as string[] };
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
      sent.plotQueries.push(new URL(request.url).search);
      return HttpResponse.json([slot(700, '2030-06-12'), slot(701, '2030-06-13')]);
    }),
    http.post('*/api/orders', async ({ request }) => {
      sent.orders.push(await request.json());
      return HttpResponse.json({
        ok: true,
        response: {
          orders: [
            {
              order: { status: 'PAID', hash: 'new_order' },
              payment: { type: 'REDIRECT', gateway: 'none', hash: 'pay_new', transaction: false },
              prices: null,
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

afterEach(() => useRebookStore.getState().clear());

describe('rebooking', () => {
  it('validates the prefilled order and moves it to a new slot with rebook and rebook_secret', async () => {
    const sent = serveRebook();
    const { user, router } = await renderApp('/rebook/tidewater-rebook?order=1042&email=ada%40example.test');
    const order = (await screen.findByRole('textbox', { name: /Order number/ })) as HTMLInputElement;
    expect(order.value).toBe('1042');
    expect((screen.getByRole('textbox', { name: /E-mail address/ }) as HTMLInputElement).value).toBe('ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Find my booking' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your new date' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/product/3/rebook');
    expect(sent.validate).toEqual([{ secret: 'tidewater-rebook', order: { id: 1042, email: 'ada@example.test' } }]);
    // The old order's audiences price the listed slots; its own slot is not offered again.
    expect(decodeURIComponent(sent.plotQueries[0] ?? '')).toContain('order[audiences][0][id]=11');
    const select = await screen.findByRole('combobox', { name: 'New date and time' });
    expect(
      within(select)
        .queryAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', '701']);
    await user.selectOptions(select, '701');
    await user.click(screen.getByRole('button', { name: 'Rebook' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/return/pay_new'));
    expect(sent.orders).toEqual([
      expect.objectContaining({
        action: 'pay',
        customer: expect.objectContaining({ email: 'ada@example.test' }),
        orders: [
          {
            product: { id: 3, plot: 701, quantity: 3 },
            audiences: { 11: { quantity: 2 }, 12: { quantity: 1 } },
            upsells: { 40: { quantity: 1 } },
            rebook: 'old_order_hash',
            rebook_secret: 'tidewater-rebook',
          },
        ],
      }),
    ]);
  }, 20_000);

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

  it('asks for both fields before validating', async () => {
    const sent = serveRebook();
    const { user } = await renderApp('/rebook/tidewater-rebook');
    await user.click(await screen.findByRole('button', { name: 'Find my booking' }));
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(2);
    expect(sent.validate).toEqual([]);
  });
});
