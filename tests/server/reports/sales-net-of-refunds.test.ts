/**
 * The sales report adds up (issue 34): three tour bookings of €71.00 on one day, one refunded by
 * €35.50, one cancelled with everything back, one kept. The day's figures are what was taken
 * (€213.00), given back (€106.50) and kept (€106.50), the chart's revenue is what was kept, and every
 * figure equals, to the cent, the orders, refunds and documents behind it, summed here independently.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesReport } from '#domain/contracts/reports.schema.ts';
import { rowsOf } from '../../../server/db/raw-rows.ts';
import { placeTourOrder, tourPlot, tourProduct } from '../helpers/tour-slot.ts';
import { staffSession, type StaffSession } from '../helpers/staff-session.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

const NOW = '2030-06-03T07:00:00Z';
// Orders and refunds are stamped by the database's clock, documents by the shop's (fixed here): the period spans both.
const FROM = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
const TO = '2030-06-03';
let shop: TestShop;
let manager: StaffSession;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  manager = await staffSession(shop.app, 'manager');
  const plot = await tourPlot(shop.db, await tourProduct(shop.db), '2030-06-11');
  const [partly, fully] = [
    await placeTourOrder(shop, { email: 'partly@example.test', plot, quantity: 2 }),
    await placeTourOrder(shop, { email: 'fully@example.test', plot, quantity: 2 }),
    await placeTourOrder(shop, { email: 'kept@example.test', plot, quantity: 2 }),
  ];
  const refund = (number: number, payload: object) =>
    shop.app.inject({ method: 'POST', url: `/api/backoffice/orders/${number}/refund`, headers: manager.headers, payload });
  expect((await refund(partly!.number, { amount: 35.5, tickets: [1], key: 'report-partly', reason: 'one ill' })).statusCode).toBe(200);
  expect((await refund(fully!.number, { amount: 71, tickets: [], cancel: true, key: 'report-fully', reason: 'all ill' })).statusCode).toBe(200);
  // Three paid checkouts and two refunds through the API: longer than the default hook minute on a busy machine.
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

// A report covers at most a year (PERIOD_TOO_LONG), so the two days are asked for apart and put together.
const reportOf = async (from: string, to: string) => {
  const response = await shop.app.inject({ method: 'GET', url: `/api/backoffice/reports?from=${from}&to=${to}`, headers: manager.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SalesReport;
};
const report = async (): Promise<Pick<SalesReport, 'sales' | 'tax' | 'totals'>> => {
  const days = await Promise.all([reportOf(FROM, FROM), reportOf(TO, TO)]);
  const total = (pick: (totals: SalesReport['totals']) => number) => days.reduce((sum, day) => sum + cents(pick(day.totals)), 0) / 100;
  return {
    sales: days.flatMap((day) => day.sales),
    tax: days.flatMap((day) => day.tax),
    totals: { gross: total((t) => t.gross), refunds: total((t) => t.refunds), net: total((t) => t.net), tax: total((t) => t.tax) },
  };
};
const cents = (amount: number) => Math.round(amount * 100);
const sum = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((total, row) => total + cents(pick(row)), 0);

describe('a day’s sales net of refunds', () => {
  it('counts a partly refunded order net of its refund and keeps a fully refunded one as taken and given back', async () => {
    const { sales, totals } = await report();
    expect(sum(sales, (row) => row.revenue)).toBe(10_650);
    expect([cents(totals.gross), cents(totals.refunds), cents(totals.net)]).toEqual([21_300, 10_650, 10_650]);
    expect(sales.map((row) => [row.channel, row.orders, cents(row.gross), cents(row.refunds), cents(row.net)])).toEqual([['test', 3, 21_300, 10_650, 10_650]]);
  });

  it('every figure is the sum of the orders, refunds and documents behind it, to the cent', async () => {
    const { sales, tax, totals } = await report();
    const [orders] = rowsOf<{ gross: number; count: number }>(
      await shop.db.execute(sql`select sum(o.total_cents)::int as gross, count(*)::int as count from orders o join payments p on p.id = o.payment_id
                                where p.status in ('paid', 'refunded')`),
    );
    const [refunds] = rowsOf<{ cents: number }>(
      await shop.db.execute(sql`select sum(amount_cents)::int as cents from payment_refunds where status <> 'failed'`),
    );
    const documents = rowsOf<{ kind: string; gross: number; tax: number; net: number }>(
      await shop.db.execute(
        sql`select kind, sum(gross_cents)::int as gross, sum(tax_cents)::int as tax, sum(net_cents)::int as net from documents group by kind`,
      ),
    );
    expect(sum(sales, (row) => row.gross)).toBe(orders!.gross);
    expect(sales.reduce((total, row) => total + row.orders, 0)).toBe(orders!.count);
    expect(sum(sales, (row) => row.refunds)).toBe(refunds!.cents);
    expect(sum(sales, (row) => row.net)).toBe(orders!.gross - refunds!.cents);
    // Three receipts, two credit notes (the partial refund and the cancel).
    const byKind = Object.fromEntries(documents.map((row) => [row.kind, row]));
    expect(byKind.RECEIPT?.gross).toBe(orders!.gross);
    expect(byKind.CREDIT_NOTE?.gross).toBe(-refunds!.cents);
    const documentTax = documents.reduce((total, row) => total + row.tax, 0);
    expect(sum(tax, (row) => row.tax)).toBe(documentTax);
    expect(cents(totals.tax)).toBe(documentTax);
    expect(sum(tax, (row) => row.gross)).toBe(orders!.gross - refunds!.cents);
    for (const row of tax) expect(cents(row.net) + cents(row.tax)).toBe(cents(row.gross));
  });

  it('the accountant’s CSV has one row per document line, adding up to the documents', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/backoffice/reports/documents.csv', headers: manager.headers });
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','));
    expect(header?.slice(0, 3)).toEqual(['document', 'kind', 'date']);
    const [lines] = rowsOf<{ count: number; gross: number }>(
      await shop.db.execute(sql`select count(*)::int as count, sum(gross_cents)::int as gross from document_lines`),
    );
    expect(rows).toHaveLength(lines!.count);
    const gross = header!.indexOf('gross');
    expect(rows.reduce((total, row) => total + cents(Number(row[gross])), 0)).toBe(lines!.gross);
    expect(rows.filter((row) => row[1] === 'CREDIT_NOTE').every((row) => row[3]?.startsWith('RC-'))).toBe(true);
  });
});
