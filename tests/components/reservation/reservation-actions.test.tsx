/**
 * The reservation page's actions: the total with the booking fee, editing the customer (saved,
 * refused by the domain rules before sending, or by the server), cancelling with a confirmation,
 * and offering the change only when allowed (the change itself: reservation-change.test.tsx).
 */
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Plot } from '#domain/contracts/catalogue.ts';
import type { ReservationResponse } from '#domain/contracts/reservation.ts';
import { Component as ReservationRoute } from '../../../src/features/reservation/route.tsx';
import { createShopQueryClient, renderWithShop } from '../components/render-with-shop.tsx';
import { organisation } from '../components/shop-fixtures.ts';
import { customerFields } from '../customer-form/customer-fields.ts';
import { server } from '../msw-server.ts';

const HASH = 'res_single';

const reservation: ReservationResponse = {
  reservation: {
    id: 57,
    hash: HASH,
    customer: {
      first_name: 'Dana',
      last_name: 'de Vries',
      email: 'demo@tidewater.example',
      company: null,
      vat_id: null,
      address: null,
      zipcode: null,
      city: null,
      fields: { email_confirm: 'demo@tidewater.example', phone: '+31 6 1234 5678', heard_about_us: 'friends' },
    },
  },
  product: {
    id: 2,
    title: 'Zoo day ticket',
    image: null,
    quantity: 2,
    audiences: [],
    plot: { id: 700, date: '2025-07-15', time: { start: null, end: null } },
    price: 48,
    discount: 0,
    types: { price: 'DAY', capacity: 'NONE' },
  },
  upsells: [],
  additional_reservations: [],
  expiration_date: null,
  allow_changes: true,
  rebooking_secret: null,
  additions: [{ name: 'Booking fee', amount: 1, type: 0 }],
  total: 49,
  coupons: [],
  history: [],
};

function plot(id: number, date: string): Plot {
  return {
    id,
    date,
    time: { start: null, end: null },
    capacity: null,
    availability: { amount: 999, percentage: 100 },
    selectable: true,
    price: 24,
    lowestTotalPrice: 48,
    maxOrdersReached: false,
    audiencePrices: [],
  };
}

function serve(answer: ReservationResponse = reservation) {
  const calls = { get: 0, patch: [] as unknown[], cancel: 0, change: [] as unknown[] };
  server.use(
    http.get('*/api/reservation/:hash', () => {
      calls.get += 1;
      return HttpResponse.json(answer);
    }),
    http.patch('*/api/reservation/:hash', async ({ request }) => {
      calls.patch.push(await request.json());
      return HttpResponse.json(answer);
    }),
    http.post('*/api/reservation/:hash/cancel', () => {
      calls.cancel += 1;
      return HttpResponse.json({ ok: true, status: 'CANCELLED' });
    }),
    http.post('*/api/reservation/:hash/change', async ({ request }) => {
      calls.change.push(await request.json());
      return HttpResponse.json(answer);
    }),
    http.get('*/api/products/:id/plots', () => HttpResponse.json([plot(700, '2025-07-15'), plot(701, '2025-07-16')])),
  );
  return calls;
}

function render() {
  const queryClient = createShopQueryClient({ organisation: { ...organisation, fields: customerFields } });
  return renderWithShop({ '/reservation/:hash': <ReservationRoute />, '/': <p>Home page</p> }, { path: `/reservation/${HASH}`, queryClient });
}

describe('reservation page actions', () => {
  it('shows the booking fee and the total the payment asks', async () => {
    serve();
    await render();
    expect(await screen.findByText('Booking fee')).toBeTruthy();
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('€49.00');
  });

  it('saves an edited custom field, shows the success message and reloads the reservation; the default fields are not editable', async () => {
    const calls = serve();
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Edit your details' }));
    for (const name of [/First name/, /Last name/, /^E-mail address/]) {
      expect(((await screen.findByRole('textbox', { name })) as HTMLInputElement).readOnly).toBe(true);
    }
    const phone = screen.getByRole('textbox', { name: /Phone number/ });
    await user.clear(phone);
    await user.type(phone, '+31 6 9876 5432');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your details have been saved.')).toBeTruthy();
    expect(calls.patch).toEqual([
      {
        customer: expect.objectContaining({
          first_name: 'Dana',
          last_name: 'de Vries',
          email: 'demo@tidewater.example',
          company: null,
          fields: expect.objectContaining({ phone: '+31 6 9876 5432' }),
        }),
      },
    ]);
    expect(calls.get).toBeGreaterThanOrEqual(2);
  });

  it('sends nothing while a field is not valid, and cancel restores the saved values', async () => {
    const calls = serve();
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Edit your details' }));
    const phone = screen.getByRole('textbox', { name: /Phone number/ });
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please fill in your first name, last name and e-mail address, and check the marked fields.')).toBeTruthy();
    expect(calls.patch).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit your details' }));
    expect((screen.getByRole('textbox', { name: /Phone number/ }) as HTMLInputElement).value).toBe('+31 6 1234 5678');
  });

  it('translates the refusal of a default field', async () => {
    serve();
    server.use(http.patch('*/api/reservation/:hash', () => HttpResponse.json({ ok: false, error: 'FIELD_NOT_EDITABLE', message: 'x' }, { status: 400 })));
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Edit your details' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('These details cannot be changed on a reservation.')).toBeTruthy();
  });

  it('shows the translated refusal of the server', async () => {
    serve();
    server.use(http.patch('*/api/reservation/:hash', () => HttpResponse.json({ ok: false, error: 'CUSTOMER_INVALID', message: 'x' }, { status: 400 })));
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Edit your details' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some of your details are missing or not valid. Please check the form.')).toBeTruthy();
  });

  it('shows errors.error_unknown when a save fails without a code', async () => {
    serve();
    server.use(http.patch('*/api/reservation/:hash', () => new HttpResponse('Bad gateway', { status: 502 })));
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Edit your details' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unknown error')).toBeTruthy();
    expect(screen.queryByText('Unexpected error')).toBeNull();
  });

  it('cancels after a confirmation and says the places were given back', async () => {
    const calls = serve();
    const { user } = await render();
    await user.click(await screen.findByRole('button', { name: 'Cancel reservation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this reservation?' });
    expect(calls.cancel).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Your reservation has been cancelled and its places have been given back.')).toBeTruthy();
    expect(calls.cancel).toBe(1);
    expect(dialog.isConnected).toBe(false);
  });

  it('offers no change when the reservation does not allow it', async () => {
    serve({ ...reservation, allow_changes: false });
    await render();
    await screen.findByRole('button', { name: 'Cancel reservation' });
    expect(screen.queryByRole('button', { name: 'Change reservation' })).toBeNull();
  });
});
