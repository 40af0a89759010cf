import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReservationCustomer, ReservationResponse } from '#domain/contracts/reservation.ts';
import { Component as ReservationRoute } from '../../../src/features/reservation/route.tsx';
import { createShopQueryClient, renderWithShop } from '../components/render-with-shop.tsx';
import { organisation } from '../components/shop-fixtures.ts';
import { customerFields } from '../customer-form/customer-fields.ts';
import { server } from '../msw-server.ts';
import { redirectPayment } from '../../../src/payments/redirect.ts';
import { serveResumedPayment } from '../payments/serve-resumed-payment.ts';

const HASH = 'res_5d1e0b';

const customer: ReservationCustomer = {
  first_name: 'Dana',
  last_name: 'de Vries',
  email: 'demo@tidewater.example',
  company: null,
  vat_id: null,
  address: null,
  zipcode: null,
  city: null,
  fields: {
    email_confirm: 'demo@tidewater.example',
    phone: '+31 6 1234 5678',
    heard_about_us: 'friends',
    newsletter: true,
    dietary_needs: '',
    legacy_note: 'window seat',
  },
};

const reservation: ReservationResponse = {
  reservation: { id: 31, hash: HASH, customer },
  product: {
    id: 1,
    title: 'Aquarium entry',
    image: '/images/aquarium-entry.svg',
    quantity: 3,
    audiences: [
      { id: 1, name: 'Adult', quantity: 2, price: 18.5 },
      { id: 2, name: 'Child (4-12)', quantity: 1, price: 9.5 },
      { id: 3, name: 'Senior (65+)', quantity: 0, price: 15 },
    ],
    plot: { id: 501, date: '2025-07-14', time: { start: '10:00', end: '11:00' } },
    price: 46.5,
    discount: 4.65,
    types: { price: 'AUDIENCE', capacity: 'LIMITED' },
  },
  upsells: [{ id: 8, title: 'Audio guide', quantity: 2, price: 4 }],
  additional_reservations: [{ id: 32, hash: 'res_second' }],
  expiration_date: '2025-07-10T15:30:00.000Z',
  allow_changes: true,
  rebooking_secret: 'tidewater-rebook',
  additions: [{ name: 'Booking fee', amount: 1, type: 0 }],
  // Both items of the checkout (49.85 + 48.00) and each one's booking fee.
  total: 99.85,
  coupons: [],
  history: [],
};

/** The other item of the same checkout, served under its own hash. */
const second: ReservationResponse = {
  ...reservation,
  reservation: { id: 32, hash: 'res_second', customer },
  additional_reservations: [{ id: 31, hash: HASH }],
  product: {
    id: 2,
    title: 'Zoo day ticket',
    image: null,
    quantity: 2,
    audiences: [],
    plot: { id: 777, date: '2025-07-15', time: { start: null, end: null } },
    price: 48,
    discount: 0,
    types: { price: 'DAY', capacity: 'NONE' },
  },
  upsells: [],
};

function serveReservation(answer: () => Response, others: Record<string, () => Response> = { res_second: () => HttpResponse.json(second) }) {
  const requests: string[] = [];
  server.use(
    http.get('*/api/reservation/:hash', ({ params }) => {
      const hash = String(params.hash);
      requests.push(hash);
      return (others[hash] ?? answer)();
    }),
  );
  return requests;
}

function renderReservation(hash = HASH) {
  const queryClient = createShopQueryClient({ organisation: { ...organisation, fields: customerFields } });
  return renderWithShop({ '/reservation/:hash': <ReservationRoute />, '/': <p>Home page</p> }, { path: `/reservation/${hash}`, queryClient });
}

/** The label → value pairs of a definition list. */
function pairs(list: HTMLElement): [string, string][] {
  return Array.from(list.querySelectorAll('dt')).map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

function lines(card: HTMLElement): [string, string][] {
  return within(card)
    .queryAllByRole('row')
    .map((row) => [within(row).getByRole('rowheader').textContent ?? '', within(row).getByRole('cell').textContent ?? '']);
}

describe('reservation page', () => {
  it('shows one card per reservation with date, time, quantity, price lines and subtotals', async () => {
    const requests = serveReservation(() => HttpResponse.json(reservation));
    await renderReservation();

    const main = await screen.findByRole('article', { name: 'Aquarium entry' });
    const [facts, totals] = main.querySelectorAll<HTMLElement>('dl');
    expect(pairs(facts!)).toEqual([
      ['Date', 'Monday, 14 July 2025'],
      ['Time', '10:00 - 11:00'],
      ['Quantity', '3'],
    ]);
    expect(lines(main)).toEqual([
      ['2 × Adult', '€37.00'],
      ['1 × Child (4-12)', '€9.50'],
      ['2 × Audio guide', '€8.00'],
    ]);
    expect(pairs(totals!)).toEqual([
      ['Tickets', '€46.50'],
      ['Extras', '€8.00'],
      ['Discount', '-€4.65'],
      ['Subtotal', '€49.85'],
    ]);

    // The other item of the checkout is loaded by its own hash.
    const other = await screen.findByRole('article', { name: 'Zoo day ticket' });
    expect(requests).toEqual([HASH, 'res_second']);
    const [secondFacts, secondTotals] = other.querySelectorAll<HTMLElement>('dl');
    expect(pairs(secondFacts!)).toEqual([
      ['Date', 'Tuesday, 15 July 2025'],
      ['Time', 'All day'],
      ['Quantity', '2'],
    ]);
    expect(lines(other)).toEqual([]);
    expect(pairs(secondTotals!)).toEqual([
      ['Tickets', '€48.00'],
      ['Subtotal', '€48.00'],
    ]);
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('shows the coupon with a remove action; removing it shows the total the server priced again, which is what the payment asks', async () => {
    const single = { ...reservation, additional_reservations: [], coupons: ['SUMMER10'] };
    let current: ReservationResponse = single;
    const removed: string[] = [];
    serveReservation(() => HttpResponse.json(current));
    server.use(
      http.delete('*/api/reservation/:hash/coupons/:code', ({ params }) => {
        removed.push(`${String(params.hash)}:${String(params.code)}`);
        current = { ...single, coupons: [], product: { ...single.product, discount: 0 }, total: 104.5 };
        return HttpResponse.json(current);
      }),
    );
    await renderReservation();
    const remove = await screen.findByRole('button', { name: 'Remove coupon SUMMER10' });
    expect(screen.getByText('Coupon SUMMER10')).toBeTruthy();
    await userEvent.click(remove);

    expect(await screen.findByText('The coupon has been removed. Your total is now €104.50.')).toBeTruthy();
    expect(removed).toEqual([`${HASH}:SUMMER10`]);
    expect(screen.queryByRole('button', { name: 'Remove coupon SUMMER10' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Amount to pay: €104.50')).toBeTruthy();
  });

  it('removing the coupon of a two-item reservation shows both items without its discount', async () => {
    let removedCoupon = false;
    const withCoupon = { ...reservation, coupons: ['SUMMER10'] };
    const secondWithCoupon = { ...second, coupons: ['SUMMER10'], product: { ...second.product, discount: 4.8 } };
    serveReservation(
      () => HttpResponse.json(removedCoupon ? { ...withCoupon, coupons: [], product: { ...reservation.product, discount: 0 }, total: 109.3 } : withCoupon),
      { res_second: () => HttpResponse.json(removedCoupon ? { ...second, total: 109.3 } : secondWithCoupon) },
    );
    server.use(
      http.delete('*/api/reservation/:hash/coupons/:code', () => {
        // The server takes it off every item of the checkout (tests/server/returning/reservation-coupons.test.ts).
        removedCoupon = true;
        return HttpResponse.json({ ...withCoupon, coupons: [], product: { ...reservation.product, discount: 0 }, total: 109.3 });
      }),
    );
    await renderReservation();
    const other = await screen.findByRole('article', { name: 'Zoo day ticket' });
    await waitFor(() => expect(pairs(other.querySelectorAll<HTMLElement>('dl')[1]!)).toContainEqual(['Discount', '-€4.80']));

    await userEvent.click(await screen.findByRole('button', { name: 'Remove coupon SUMMER10' }));
    expect(await screen.findByText('The coupon has been removed. Your total is now €109.30.')).toBeTruthy();
    // The other item is asked again: its discount is gone too.
    await waitFor(() =>
      expect(pairs(screen.getByRole('article', { name: 'Zoo day ticket' }).querySelectorAll<HTMLElement>('dl')[1]!)).toEqual([
        ['Tickets', '€48.00'],
        ['Subtotal', '€48.00'],
      ]),
    );
  });

  it("confirms the reservation, names its expiry and lists the customer's details with the shop's labels", async () => {
    serveReservation(() => HttpResponse.json(reservation));
    await renderReservation();

    expect(await screen.findByRole('heading', { level: 1, name: 'Your reservation' })).toBeTruthy();
    expect(screen.getByText('Your reservation is confirmed. Keep the address of this page to come back to it.')).toBeTruthy();
    // Shown in the organisation's timezone (15:30 UTC is 17:30 in Amsterdam in July), British style like every English date.
    expect(screen.getByText(/^Your reservation is held until Thursday, 10 July 2025 at 17:30\.$/)).toBeTruthy();
    // The number to read out (and to rebook with), not the hash.
    expect(screen.getByText('31')).toBeTruthy();
    expect(document.title).toBe('Your reservation · Tidewater Zoo & Aquarium');

    const details = screen.getByRole('heading', { level: 2, name: 'Your details' }).parentElement!.querySelector('dl')!;
    expect(pairs(details)).toEqual([
      ['First name', 'Dana'],
      ['Last name', 'de Vries'],
      ['E-mail address', 'demo@tidewater.example'],
      ['Phone number', '+31 6 1234 5678'],
      ['How did you hear about us?', 'Friends or family'],
      ['Send me the newsletter', 'Yes'],
      ['legacy_note', 'window seat'],
    ]);
    // Two items in the checkout: no change (spec section 6); rebook, cancel, edit and pay are here.
    expect(screen.queryAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel reservation', 'Edit your details', 'Continue to payment']);
    expect(screen.getByRole('link', { name: 'Rebook' }).getAttribute('href')).toBe('/rebook/tidewater-rebook?order=31&email=demo%40tidewater.example');
  });

  it('leaves the expiry out when the reservation does not lapse', async () => {
    serveReservation(() => HttpResponse.json({ ...reservation, expiration_date: null, additional_reservations: [] }));
    await renderReservation();
    await screen.findByRole('article', { name: 'Aquarium entry' });
    expect(screen.queryByText(/held until/)).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('still shows the reservation when another item of the checkout cannot be loaded', async () => {
    serveReservation(() => HttpResponse.json(reservation), {
      res_second: () => HttpResponse.json({ ok: false, error: 'NOT_FOUND', message: 'gone' }, { status: 404 }),
    });
    await renderReservation();

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'We could not find what you were looking for.');
    expect(screen.getAllByRole('article')).toEqual([screen.getByRole('article', { name: 'Aquarium entry' })]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the load-failure modal with the translated error, and closing it goes home', async () => {
    const requests = serveReservation(() => HttpResponse.json({ ok: false, error: 'NOT_FOUND', message: 'Reservation not found' }, { status: 404 }));
    const { user, currentPath } = await renderReservation('gone');

    const dialog = await screen.findByRole('dialog', { name: 'The reservation could not be loaded' });
    expect(within(dialog).getByText('We could not find what you were looking for.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/');
    expect(requests).toEqual(['gone']);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(currentPath()).toBe('/');
  });

  it('sends a reservation paid since to its order page, where its tickets are', async () => {
    serveReservation(() => HttpResponse.json({ ok: false, error: 'RESERVATION_PAID', message: 'paid' }, { status: 404 }));
    const queryClient = createShopQueryClient({ organisation: { ...organisation, fields: customerFields } });
    await renderWithShop(
      { '/reservation/:hash': <ReservationRoute />, '/checkout/return/:hash': <p>Order page</p>, '/': <p>Home page</p> },
      { path: `/reservation/${HASH}`, queryClient },
    );
    expect(await screen.findByText('Order page')).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe(`/checkout/return/${HASH}`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says "Unexpected error" when the failure has no code', async () => {
    serveReservation(() => new HttpResponse('Bad gateway', { status: 502 }));
    await renderReservation();

    const dialog = await screen.findByRole('dialog', { name: 'The reservation could not be loaded' });
    expect(within(dialog).getByText('Unexpected error')).toBeTruthy();
  });

  it('has two steps: the overview with the image of each item, then the checkout with the pay button, and back', async () => {
    serveReservation(() => HttpResponse.json(reservation));
    await renderReservation();

    expect(await screen.findByText('Step 1 of 2')).toBeTruthy();
    const main = await screen.findByRole('article', { name: 'Aquarium entry' });
    expect(main.querySelector('img')?.getAttribute('src')).toBe('/images/aquarium-entry.svg');
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Checkout' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Aquarium entry' })).toBeTruthy();
    expect(screen.getByText('Amount to pay: €99.85')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Pay now' })).getByRole('button', { name: 'Pay now' })).toBeTruthy();
    // The customer's details and their edit form belong to the overview.
    expect(screen.queryByRole('heading', { name: 'Your details' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Back to the overview' }));
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('opens on the checkout step when its address says so (a reload keeps the step)', async () => {
    serveReservation(() => HttpResponse.json(reservation));
    await renderReservation(`${HASH}?step=checkout`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Checkout' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeTruthy();
  });

  describe('paying the reservation', () => {
    afterEach(() => vi.restoreAllMocks());

    it('fetches its payment by the reservation hash and runs it through the dispatcher', async () => {
      serveReservation(() => HttpResponse.json(reservation));
      const asked = serveResumedPayment('https://pay.example/pay_1');
      const leaveTo = vi.spyOn(redirectPayment, 'leaveTo').mockImplementation(() => undefined);
      await renderReservation();

      await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
      const section = await screen.findByRole('region', { name: 'Pay now' });
      await userEvent.click(within(section).getByRole('button', { name: 'Pay now' }));
      await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://pay.example/pay_1'));
      expect(asked).toEqual([HASH]);
      expect(within(section).getByRole('button', { name: 'Opening the payment…' })).toHaveProperty('disabled', true);
    });

    it('says why when it can no longer be paid, and lets the visitor try again', async () => {
      serveReservation(() => HttpResponse.json(reservation));
      let answers = 0;
      server.use(
        http.get('*/api/payment/:hash', () => {
          answers += 1;
          return HttpResponse.json({ ok: false, error: 'ORDER_NOT_PAYABLE', message: 'no' }, { status: 409 });
        }),
      );
      await renderReservation();

      await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
      const section = await screen.findByRole('region', { name: 'Pay now' });
      await userEvent.click(within(section).getByRole('button', { name: 'Pay now' }));
      expect(await within(section).findByText('This order can no longer be paid.')).toBeTruthy();
      await userEvent.click(within(section).getByRole('button', { name: 'Pay now' }));
      await vi.waitFor(() => expect(answers).toBe(2));
    });
  });
});
