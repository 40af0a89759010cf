/**
 * The slot calendar (issue 38 items 2 and 3): a month of days with their figures in each day's name; a day
 * opened; closing a slot only after a confirmation naming the slot and the bookings that stay, with an
 * undo that opens it again; closing a whole day shows the server's preview before anything is done.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDay } from '#domain/date-text.ts';
import SlotCalendarPage from '../../../src/backoffice/pages/slots/slot-calendar-page.tsx';
import { organisation } from '../app/fixtures.ts';
import { server } from '../msw-server.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

const API = '*/api/backoffice';
const date = new Intl.DateTimeFormat('en-CA', { timeZone: organisation.timezone }).format(new Date());
const day = formatDay(date, 'en', 'short');
const slot = (id: number, startTime: string, sold: number, orderCount: number) => ({
  id,
  productId: 3,
  date,
  startTime,
  endTime: null,
  capacity: 20,
  sold,
  held: 0,
  free: 20 - sold,
  maxOrders: null,
  orderCount,
  priceCents: null,
  closed: false,
  pinned: false,
});

function answerCalendar() {
  const calls: { url: string; body: unknown }[] = [];
  const slots = [slot(31, '10:00:00', 4, 2), slot(32, '11:00:00', 0, 0)];
  server.use(
    http.get(`${API}/schedules`, () =>
      HttpResponse.json([{ productId: 3, firstDate: date, lastDate: date, horizonDays: 365, generatedUntil: date, revision: 1 }]),
    ),
    http.get(`${API}/catalogue/products`, () =>
      HttpResponse.json([
        { id: 3, slug: 'aquarium-entry', state: 'ACTIVE', visible: true, price_type: 'PER_AUDIENCE', price: 0, texts: { en: { title: 'Aquarium entry' } } },
      ]),
    ),
    http.get(`${API}/slots`, () => HttpResponse.json(slots)),
    http.put(`${API}/products/3/slots/:id/closed`, async ({ request, params }) => {
      const body = (await request.json()) as { closed: boolean };
      calls.push({ url: `closed/${String(params.id)}`, body });
      const row = slots.find((one) => one.id === Number(params.id))!;
      row.closed = body.closed;
      return HttpResponse.json({ places: row.sold, orders: row.orderCount });
    }),
    http.post(`${API}/slots/bulk/preview`, async ({ request }) => {
      calls.push({ url: 'preview', body: await request.json() });
      return HttpResponse.json({
        slots: 2,
        changes: slots.map((one) => ({
          id: one.id,
          productId: 3,
          date,
          startTime: one.startTime,
          capacity: { from: 20, to: 20 },
          closed: { from: false, to: true },
          taken: one.sold,
          orders: one.orderCount,
        })),
        bookings: { places: 4, orders: 2 },
        refusals: [],
      });
    }),
    http.post(`${API}/slots/bulk`, async ({ request }) => {
      calls.push({ url: 'apply', body: await request.json() });
      return HttpResponse.json({ slots: 2, changes: [], bookings: { places: 4, orders: 2 }, refusals: [] });
    }),
  );
  return calls;
}

describe('the slot calendar', () => {
  it('closes a slot only after a confirmation naming it, and undoes it', async () => {
    const calls = answerCalendar();
    const { user } = await renderBackofficePage('/slots', '/slots', <SlotCalendarPage />);
    await user.click(await screen.findByRole('button', { name: `${day}: 2 slots, 4 sold, 0 held, 36 free, 0 closed` }));

    await user.click(screen.getByRole('button', { name: `Close 10:00 on ${day}` }));
    const dialog = await screen.findByRole('dialog', { name: `Close 10:00 on ${day}?` });
    expect(dialog.textContent).toContain('2 bookings stay valid (4 places).');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: `Close 10:00 on ${day}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: `Close 10:00 on ${day}` }));
    expect(await screen.findByText(`Closed 10:00 on ${day}; 2 bookings stay valid.`)).toBeInstanceOf(HTMLElement);
    expect(calls).toEqual([{ url: 'closed/31', body: { closed: true } }]);

    await user.click(screen.getByRole('button', { name: `Undo: open 10:00 on ${day} again` }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ url: 'closed/31', body: { closed: false } }));
  });

  it('closing a whole day shows what will change before it is done', async () => {
    const calls = answerCalendar();
    const { user } = await renderBackofficePage('/slots', '/slots', <SlotCalendarPage />);
    await user.click(await screen.findByRole('button', { name: new RegExp(`^${day}: 2 slots`) }));
    await user.click(screen.getByRole('button', { name: `Close every slot on ${day}` }));
    const dialog = await screen.findByRole('dialog', { name: `Close ${day} (All products)?` });
    await within(dialog).findByText('2 slots of 2 will change.');
    expect(dialog.textContent).toContain('4 places booked on them stay valid (2 orders).');
    expect(calls).toEqual([{ url: 'preview', body: { productId: null, from: date, until: date, action: { kind: 'close' } } }]);
    await user.click(within(dialog).getByRole('button', { name: `Close every slot on ${day}` }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ url: 'apply', body: { productId: null, from: date, until: date, action: { kind: 'close' } } }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
