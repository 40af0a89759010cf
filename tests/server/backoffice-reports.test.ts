/**
 * Day list and reports (back office): a paid booking shows in its slot with the visitor's name,
 * audiences and fields; the CSVs carry the right rows and a name like `=HYPERLINK(...)` exported
 * inert; the orders CSV is streamed; each is closed to roles below it. Real database, inject.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { plots, products } from '../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';
import { tourCustomer } from './helpers/customers.ts';
import { staffSession } from './helpers/staff-session.ts';

/** RFC 4180 reading (quotes, doubled quotes, CRLF) as a spreadsheet does; first row the header when `columns`. */
function parse(text: string, options: { bom?: boolean; columns?: boolean } = {}): Array<Record<string, string>> | string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRow();
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) endRow();
  if (!options.columns) return rows;
  const [header = [], ...rest] = rows;
  return rest.map((values) => Object.fromEntries(header.map((name, index) => [name, values[index] ?? ''])));
}

const NOW = '2030-06-03T07:00:00Z';
const EVIL = '=HYPERLINK("http://evil.example","click")';
let shop: TestShop;
let tour: number;
let plot: number;
let number: number;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  tour = row?.id as number;
  const rows = await shop.db.select({ id: plots.id, date: plots.date, start: plots.startTime }).from(plots).where(eq(plots.productId, tour));
  plot = rows.find((candidate) => candidate.date === '2030-06-12' && candidate.start === '15:00:00')?.id as number;
  await shop.db.update(plots).set({ capacity: 100, maxOrders: null }).where(eq(plots.id, plot));
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer: { ...tourCustomer, first_name: EVIL }, action: 'pay', orders: [{ product: { id: tour, plot, quantity: 3 } }] },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [line] = (response.json() as OrderResponse).response.orders;
  await shop.app.services.settlement.settle(line?.payment?.hash as string, 'paid', { key: 'reports:paid' });
  const details = await shop.app.inject({ url: `/api/orders/${line?.order?.hash}/details` });
  number = (details.json() as { order_number: number }).order_number;
});

afterAll(async () => {
  await shop?.close();
});

describe('GET /api/backoffice/day-list', () => {
  it('shows the slot’s sold/held/free and the booking with its name, quantity and audiences', async () => {
    const boxOffice = await staffSession(shop.app, 'box_office');
    const response = await shop.app.inject({ url: '/api/backoffice/day-list?date=2030-06-12', headers: boxOffice.headers });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as {
      slots: Array<{
        plot_id: number;
        sold: number;
        free: number | null;
        capacity: number | null;
        held: number;
        attendees: Array<{ order_number: number; name: string; quantity: number; audiences: unknown[] }>;
      }>;
    };
    const slot = list.slots.find((s) => s.plot_id === plot);
    expect(slot?.sold).toBeGreaterThanOrEqual(3);
    expect(slot?.free).toBe((slot?.capacity as number) - (slot?.sold as number) - (slot?.held as number));
    const booking = slot?.attendees.find((a) => a.order_number === number);
    expect(booking).toMatchObject({ quantity: 3, name: `${EVIL} ${tourCustomer.last_name}` });
    expect(booking?.audiences).toEqual(expect.any(Array));
  });

  it('exports the day as CSV with the booking’s row, the injected formula inert', async () => {
    const boxOffice = await staffSession(shop.app, 'box_office');
    const response = await shop.app.inject({ url: '/api/backoffice/day-list.csv?date=2030-06-12', headers: boxOffice.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(response.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    const row = rows.find((r) => r.order === String(number));
    expect(row).toMatchObject({ name: `'${EVIL} ${tourCustomer.last_name}`, quantity: '3', date: '2030-06-12', start: '15:00' });
  });

  it('is closed to the gate role', async () => {
    const gate = await staffSession(shop.app, 'gate');
    const response = await shop.app.inject({ url: '/api/backoffice/day-list', headers: gate.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'STAFF_ROLE_FORBIDDEN' });
  });
});

describe('GET /api/backoffice/reports and /reports/orders.csv', () => {
  it('sums the period’s sales per day, product and channel, visitors per visit day, and gift-card liability', async () => {
    const manager = await staffSession(shop.app, 'manager');
    type Report = {
      sales: Array<{ day: string; product_id: number; visitors: number; orders: number }>;
      visitors: Array<{ day: string; product_id: number; visitors: number }>;
      gift_cards: { issued: number; spent: number; outstanding: number };
    };
    // A report covers at most 366 days: sales by the day the database wrote the order (its own clock), visits by the slot's day.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const sold = await shop.app.inject({ url: `/api/backoffice/reports?from=${day(-180)}&to=${day(180)}`, headers: manager.headers });
    expect(sold.statusCode, sold.body).toBe(200);
    expect((sold.json() as Report).sales.filter((s) => s.product_id === tour).reduce((sum, s) => sum + s.visitors, 0)).toBeGreaterThanOrEqual(3);
    const response = await shop.app.inject({ url: '/api/backoffice/reports?from=2030-01-01&to=2030-06-30', headers: manager.headers });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as Report;
    expect(report.visitors.find((v) => v.day === '2030-06-12' && v.product_id === tour)?.visitors).toBeGreaterThanOrEqual(3);
    expect(report.gift_cards.issued).toBeCloseTo(report.gift_cards.spent + report.gift_cards.outstanding, 2);
    const backwards = await shop.app.inject({ url: '/api/backoffice/reports?from=2030-06-30&to=2030-06-01', headers: manager.headers });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
  });

  it('streams every order of the period as CSV with the right rows, names inert', async () => {
    const manager = await staffSession(shop.app, 'manager');
    const response = await shop.app.inject({ url: '/api/backoffice/reports/orders.csv', headers: manager.headers });
    expect(response.statusCode, response.body).toBe(200);
    const rows = parse(response.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    const row = rows.find((r) => r.order === String(number));
    expect(row).toMatchObject({ status: 'PAID', quantity: '3', visit_date: '2030-06-12', first_name: `'${EVIL}`, email: tourCustomer.email });
    const none = await shop.app.inject({ url: '/api/backoffice/reports/orders.csv?from=2000-01-01&to=2000-01-02', headers: manager.headers });
    expect(parse(none.body, { bom: true })).toHaveLength(1);
  });

  it('is for managers and owners: box office 403', async () => {
    const boxOffice = await staffSession(shop.app, 'box_office');
    const response = await shop.app.inject({ url: '/api/backoffice/reports?from=2030-06-01&to=2030-06-30', headers: boxOffice.headers });
    expect(response.statusCode).toBe(403);
  });
});
