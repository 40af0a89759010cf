/**
 * The slot calendar's single-slot edit: every term the slot API takes is sent (the price in cents), and
 * the server's refusals show at their fields — CAPACITY_BELOW_TAKEN with its number, an end before the start.
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDay } from '#domain/date-text.ts';
import SlotCalendarPage from '../../../src/backoffice/pages/slots/slot-calendar-page.tsx';
import { organisation } from '../app/fixtures.ts';
import { server } from '../msw-server.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

const API = '*/api/backoffice';
// Today in the shop's timezone: the calendar opens on it, and lets a day from today on be changed.
const date = new Intl.DateTimeFormat('en-CA', { timeZone: organisation.timezone }).format(new Date());
const slot = {
  id: 31,
  productId: 3,
  date,
  startTime: '10:00:00',
  endTime: '11:00:00',
  capacity: 20,
  sold: 3,
  held: 1,
  free: 16,
  maxOrders: null,
  orderCount: 2,
  priceCents: null,
  closed: false,
  pinned: false,
};

const describedBy = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent;

describe('slot calendar: one slot’s terms', () => {
  it('sends every term and shows the refusals at their fields', async () => {
    const patches: unknown[] = [];
    const answers = [
      HttpResponse.json({ ok: false, error: 'CAPACITY_BELOW_TAKEN', message: 'below', error_info: '4', fields: { capacity: 'below_taken' } }, { status: 409 }),
      HttpResponse.json({ ok: false, error: 'VALIDATION_FAILED', message: 'bad', fields: { endTime: 'ends_before_start' } }, { status: 422 }),
      HttpResponse.json({ ok: true }),
    ];
    server.use(
      http.get(`${API}/schedules`, () =>
        HttpResponse.json([{ productId: 3, firstDate: date, lastDate: date, horizonDays: 365, generatedUntil: date, revision: 1 }]),
      ),
      http.get(`${API}/catalogue/products`, () => HttpResponse.json([])),
      http.get(`${API}/slots`, () => HttpResponse.json([slot])),
      http.patch(`${API}/products/3/slots/31`, async ({ request }) => {
        patches.push(await request.json());
        return answers.shift()!;
      }),
    );
    const { user } = await renderBackofficePage('/slots', '/slots', <SlotCalendarPage />);
    await user.click(await screen.findByRole('button', { name: `${formatDay(date, 'en', 'short')}: 1 slot, 3 sold, 1 held, 16 free, 0 closed` }));
    await user.click(await screen.findByRole('button', { name: `Edit 10:00 on ${formatDay(date, 'en', 'short')}` }));

    const capacity = screen.getByRole('spinbutton', { name: 'Capacity' });
    await user.clear(capacity);
    await user.type(capacity, '2');
    await user.type(screen.getByRole('spinbutton', { name: 'Order limit' }), '5');
    await user.type(screen.getByRole('spinbutton', { name: 'Price' }), '12.50');
    await user.click(screen.getByRole('button', { name: 'Save the slot' }));

    await waitFor(() => expect(capacity.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(capacity)).toBe('Refused: 4 places are already sold or held on this slot; the capacity cannot be lower.');
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toContain(
      'Refused: 4 places are already sold or held on this slot; the capacity cannot be lower.',
    );
    expect(patches[0]).toEqual({ endTime: '11:00', capacity: 2, maxOrders: 5, priceCents: 1250 });

    const end = screen.getByLabelText('End time');
    await user.clear(capacity);
    await user.type(capacity, '6');
    await user.clear(end);
    await user.type(end, '09:30');
    await user.click(screen.getByRole('button', { name: 'Save the slot' }));
    await waitFor(() => expect(end.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(end)).toBe('The end is before the start.');
    expect(patches[1]).toEqual({ endTime: '09:30', capacity: 6, maxOrders: 5, priceCents: 1250 });

    await user.clear(end);
    await user.type(end, '11:30');
    await user.click(screen.getByRole('button', { name: 'Save the slot' }));
    expect(await screen.findByText('Slot saved.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save the slot' })).toBeNull();
  });
});
