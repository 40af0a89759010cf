import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '#domain/contracts/order-history.schema.ts';
import type { OrderStatusView } from '#domain/contracts/orders.ts';
import type { PaidOrder } from '#domain/contracts/paid-order.ts';
import { Component as CheckoutReturnRoute } from '../../../src/features/checkout-return/route.tsx';
import { renderWithShop } from '../components/render-with-shop.tsx';
import { server } from '../msw-server.ts';
import { redirectPayment } from '../../../src/payments/redirect.ts';
import { serveResumedPayment } from '../payments/serve-resumed-payment.ts';

const HASH = 'ord_7f3a9c';

function order(status: string, extra: Partial<OrderStatusView> = {}): OrderStatusView {
  return { hash: HASH, status, payment: { status: status.toLowerCase(), gateway: 'test' }, total: 41.5, history: [], ...extra };
}

/** Serves the answers in turn (the last one repeats) and counts the requests. */
function serveOrder(...answers: (() => Response)[]) {
  const requests: string[] = [];
  server.use(
    http.get('*/api/orders/:hash', ({ params }) => {
      requests.push(String(params.hash));
      const answer = answers[Math.min(requests.length - 1, answers.length - 1)]!;
      return answer();
    }),
  );
  return requests;
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';

/** GET /api/orders/{hash}/details of a paid order of two tickets; answers the hashes asked for. */
function servePaidOrder(wallets: PaidOrder['wallets'] = { apple: false, google: false }) {
  const asked: string[] = [];
  const paid: PaidOrder = {
    hash: HASH,
    order_number: 1042,
    status: 'PAID',
    product: { id: 3, title: 'Behind the scenes tour' },
    plot: { date: '2030-06-12', time: { start: '15:00', end: '16:30' } },
    timezone: 'Europe/Amsterdam',
    quantity: 2,
    lines: [],
    customer: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      company: null,
      vat_id: null,
      address: null,
      zipcode: null,
      city: null,
      fields: {},
    },
    currency: 'EUR',
    subtotal: 70,
    discount: 0,
    fee: 1,
    total: 71,
    tickets: [
      { position: 1, code: 'T1.1.a.b', qr_svg: SVG },
      { position: 2, code: 'T1.2.c.d', qr_svg: SVG },
    ],
    rebooking_secret: 'tidewater-rebook',
    wallets,
  };
  server.use(
    http.get('*/api/orders/:hash/details', ({ params }) => {
      asked.push(String(params.hash));
      return HttpResponse.json(paid);
    }),
  );
  return asked;
}

/** One entry of an order's history as the API answers it. */
const change = (event: HistoryEntry['event'], at: string, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  at,
  event,
  actor: { kind: 'staff', name: null },
  product: 'Behind the scenes tour',
  from: null,
  to: null,
  amount: null,
  currency: 'EUR',
  method: 'stripe',
  tickets: [],
  quantity: null,
  total: null,
  code: null,
  fields: [],
  reason: null,
  order: null,
  ...extra,
});

const json =
  (body: unknown, status = 200) =>
  () =>
    HttpResponse.json(body as Record<string, unknown>, { status });

function renderReturnPage(hash = HASH) {
  return renderWithShop(
    {
      '/checkout/return/:hash': <CheckoutReturnRoute />,
      '/reservation/:hash': <p>Reservation page</p>,
      '/': <p>Home page</p>,
    },
    { path: `/checkout/return/${hash}` },
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('checkout return page', () => {
  it('shows the paid order: number, what and when, fee and total, calendar file, rebook link and one QR code per ticket', async () => {
    const requests = serveOrder(json(order('PAID')));
    const details = servePaidOrder();
    const { user, currentPath } = await renderReturnPage();

    expect(await screen.findByText('Thank you! Your payment has been received and your order is confirmed.')).toBeTruthy();
    expect(await screen.findByText('We sent your tickets to ada@example.test.')).toBeTruthy();
    expect(screen.getByText('1042')).toBeTruthy();
    expect(screen.getByText('Behind the scenes tour')).toBeTruthy();
    expect(screen.getByText('Wednesday, 12 June 2030, 15:00 - 16:30')).toBeTruthy();
    expect(screen.getByText('€1.00')).toBeTruthy();
    expect(screen.getByText('€71.00')).toBeTruthy();
    const tickets = screen.getAllByRole('img', { name: /^QR code of ticket \d of 2$/ });
    expect(tickets).toHaveLength(2);
    expect(tickets[0]?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    expect(calendar.getAttribute('download')).toBe('order-1042.ics');
    expect(decodeURIComponent(calendar.getAttribute('href') ?? '')).toContain('DTSTART:20300612T130000Z');
    expect(screen.getByRole('link', { name: 'Change the date' }).getAttribute('href')).toBe('/rebook/tidewater-rebook?order=1042&email=ada%40example.test');
    expect(requests).toEqual([HASH]);
    expect(details).toEqual([HASH]);
    expect(document.title).toBe('Your order · Tidewater Zoo & Aquarium');

    await user.click(screen.getByRole('link', { name: 'Back to the shop' }));
    expect(currentPath()).toBe('/');
  });

  it('offers the PDF tickets, and a wallet’s links only when the shop has that wallet configured', async () => {
    serveOrder(json(order('PAID')));
    servePaidOrder();
    const first = await renderReturnPage();
    const pdf = await screen.findByRole('link', { name: 'Download the tickets (PDF)' });
    expect(pdf.getAttribute('href')).toBe(`/api/orders/${HASH}/tickets.pdf`);
    expect(pdf.hasAttribute('download')).toBe(true);
    expect(screen.queryByRole('link', { name: /Apple Wallet|Google Wallet/ })).toBeNull();
    first.unmount();

    servePaidOrder({ apple: true, google: true });
    await renderReturnPage();
    const apple = await screen.findAllByRole('link', { name: /^Add ticket \d of 2 to Apple Wallet$/ });
    expect(apple.map((link) => link.getAttribute('href'))).toEqual([
      `/api/orders/${HASH}/tickets/1/apple-wallet`,
      `/api/orders/${HASH}/tickets/2/apple-wallet`,
    ]);
    expect(screen.getByRole('link', { name: 'Save the tickets to Google Wallet' }).getAttribute('href')).toBe(`/api/orders/${HASH}/google-wallet`);
  });

  it('shows progress while the payment is pending and asks again every 2 s until it is final', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = serveOrder(json(order('PENDING')), json(order('PENDING')), json(order('PAID')));
    servePaidOrder();
    await renderReturnPage();

    expect(await screen.findByText('We are waiting for the confirmation of your payment.')).toBeTruthy();
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Checking your payment…');
    expect(requests).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(requests).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(requests).toHaveLength(2);
    expect(screen.getByText('We are waiting for the confirmation of your payment.')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('Thank you! Your payment has been received and your order is confirmed.')).toBeTruthy();
    expect(requests).toHaveLength(3);

    // Final: no more questions.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(requests).toHaveLength(3);
  });

  it('offers to complete a pending payment the visitor left: its payment is fetched again and run', async () => {
    serveOrder(json(order('PENDING')));
    const asked = serveResumedPayment('https://pay.example/pay_9');
    const leaveTo = vi.spyOn(redirectPayment, 'leaveTo').mockImplementation(() => undefined);
    const { user } = await renderReturnPage();

    expect(await screen.findByText('Left the payment page before finishing?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Complete the payment' }));
    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://pay.example/pay_9'));
    expect(asked).toEqual([HASH]);
    leaveTo.mockRestore();
  });

  it.each([
    ['FAILED', 'Your payment failed.'],
    ['CANCELLED', 'Your payment was cancelled.'],
    ['EXPIRED', 'Your payment was not completed in time.'],
  ])('explains a %s payment and offers to start again', async (status, message) => {
    serveOrder(json(order(status)));
    const { user, currentPath } = await renderReturnPage();

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', message);
    expect(screen.getByText('Your cart has been emptied. Please choose your tickets again to place a new order.')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Try again' }));
    expect(currentPath()).toBe('/');
  });

  it('sends a reservation to its reservation page', async () => {
    serveOrder(json(order('RESERVED', { payment: null })));
    const { currentPath } = await renderReturnPage();

    expect(await screen.findByText('Reservation page')).toBeTruthy();
    expect(currentPath()).toBe(`/reservation/${HASH}`);
  });

  it('says an order on invoice is confirmed with nothing paid online, never that a payment was received', async () => {
    serveOrder(json(order('PAID', { payment: { status: 'paid', gateway: 'invoice' } })));
    servePaidOrder();
    await renderReturnPage();
    expect(await screen.findByText('Thank you! Your order is confirmed. It is paid by invoice: nothing has been charged online.')).toBeTruthy();
    expect(await screen.findByText('We sent your tickets to ada@example.test.')).toBeTruthy();
    expect(screen.queryByText(/Your payment has been received/)).toBeNull();
  });

  it('says why a refunded order is refunded, and lists what happened, naming the box office but no one in it', async () => {
    serveOrder(
      json(
        order('REFUNDED', {
          history: [
            change('placed', '2030-06-01T10:00:00Z', { actor: { kind: 'shopper', name: null }, amount: 71 }),
            change('paid', '2030-06-01T10:01:00Z', { actor: { kind: 'gateway', name: 'stripe' } }),
            change('refunded', '2030-06-02T09:00:00Z', { amount: 35.5 }),
            change('cancelled', '2030-06-03T09:00:00Z', { amount: 35.5 }),
            change('refunded', '2030-06-03T09:00:00Z', { amount: 35.5 }),
          ],
        }),
      ),
    );
    await renderReturnPage();

    expect(
      await screen.findByText('Your order has been cancelled and €71.00 is being refunded to the card. We have sent you an e-mail about it.'),
    ).toBeTruthy();
    const history = within(screen.getByRole('region', { name: 'What happened to your order' }));
    const lines = history.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/€35\.50 refunded to the card \(by the box office\)$/);
    expect(lines[1]).toMatch(/Order cancelled \(by the box office\)$/);
    // Not the late-payment text, which is another reason.
    expect(screen.queryByText(/arrived after the time to pay/)).toBeNull();
  });

  it('says a late payment is refunded when that is why', async () => {
    serveOrder(
      json(
        order('REFUNDED', {
          history: [change('late_payment_refunded', '2030-06-01T10:30:00Z', { actor: { kind: 'gateway', name: 'stripe' }, product: null })],
        }),
      ),
    );
    await renderReturnPage();
    expect(await screen.findByText(/Your payment arrived after the time to pay had run out/)).toBeTruthy();
  });

  it('says so when the order does not exist', async () => {
    const requests = serveOrder(json({ ok: false, error: 'NOT_FOUND', message: 'Order not found' }, 404));
    await renderReturnPage('nope');

    expect(await screen.findByText('We could not find this order. Please check the link you followed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/');
    // A missing order is not asked about again.
    expect(requests).toEqual(['nope']);
  });

  it('shows the translated error of any other failure', async () => {
    serveOrder(json({ ok: false, error: 'TOO_MANY_ATTEMPTS', message: 'Slow down' }, 429));
    await renderReturnPage();
    expect(await screen.findByText('Too many attempts. Please wait a few minutes and try again.')).toBeTruthy();
  });
});
