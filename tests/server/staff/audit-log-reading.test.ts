/**
 * The audit log read for people (GET /api/backoffice/audit): real changes made through the API — a
 * schedule saved, a product's price and title changed, a staff member's role changed, an order refunded
 * and moved at the desk, an FAQ question deleted — come back with the names, days and amounts their
 * sentences need (a deleted thing named from its last snapshot), in the language asked for; rows in the
 * order history's shape (`order.<event>`) read alike. Names are read in batches: as many queries for
 * a page of many rows as for a page of few.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '#domain/backoffice/audit-log.schema.ts';
import type { OrderHistoryDetail } from '#domain/order-history.ts';
import type { Database } from '../../../server/db/client.ts';
import { products, staffAccounts, staffAuditLog } from '../../../server/db/schema/index.ts';
import { recordAudit } from '../../../server/modules/staff/index.ts';
import { readAuditEntries, type AuditRow } from '../../../server/modules/staff/audit-reading.ts';
import { staffSession, type StaffSession } from '../helpers/staff-session.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { placeTourOrder, tourPlot } from '../helpers/tour-slot.ts';

const NOW = '2030-06-03T07:00:00Z';
let shop: TestShop;
let owner: StaffSession;
let manager: StaffSession;
let boxOffice: StaffSession;
let aquarium: number;
let tour: number;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  [owner, manager, boxOffice] = await Promise.all([staffSession(shop.app, 'owner'), staffSession(shop.app, 'manager'), staffSession(shop.app, 'box_office')]);
  const rows = await shop.db.select({ id: products.id, slug: products.slug }).from(products);
  aquarium = rows.find((row) => row.slug === 'aquarium-entry')!.id;
  tour = rows.find((row) => row.slug === 'behind-the-scenes')!.id;
});
afterAll(async () => {
  await shop?.close();
});

async function auditLog(query = '', session = owner): Promise<AuditPage> {
  const response = await shop.app.inject({ method: 'GET', url: `/api/backoffice/audit?page_size=200${query}`, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
}
const newest = (page: AuditPage, action: string): AuditEntry => {
  const entry = page.entries.find((each) => each.action === action);
  if (!entry) throw new Error(`no ${action} in ${page.entries.map((each) => each.action).join(', ')}`);
  return entry;
};

const paidTourOrder = async (day: string, quantity: number) =>
  placeTourOrder(shop, { email: 'audit-reader@example.test', plot: await tourPlot(shop.db, tour, day), quantity });

describe('the audit log in words', () => {
  it('names the schedule’s product and counts its slots', async () => {
    const schedule = {
      horizonDays: 7,
      seasons: [
        {
          from: '2030-01-01',
          until: null,
          patterns: [
            {
              weekdays: [1, 2, 3, 4, 5, 6, 7],
              start: '10:00',
              end: '11:00',
              slotMinutes: 60,
              capacity: 40,
              maxOrders: null,
              priceCents: null,
              audiencePrices: [],
            },
          ],
        },
      ],
      closedDays: [],
      extraSlots: [],
    };
    const saved = await shop.app.inject({
      method: 'PUT',
      url: `/api/backoffice/products/${aquarium}/schedule`,
      headers: manager.headers,
      payload: { revision: 0, schedule },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const entry = newest(await auditLog('&language=en'), 'schedule.save');
    expect(entry.staff?.name).toBe('Milan Manager');
    expect(entry.subject).toMatchObject({ name: 'Aquarium entry', gone: false });
    expect(entry.details.slots).toEqual({
      added: saved.json().added,
      changed: saved.json().changed,
      removed: saved.json().removed,
      closed: saved.json().closed.slots,
    });
  });

  it('names a product by its title in the language asked for, with its price as an amount', async () => {
    const url = `/api/backoffice/catalogue/products/${aquarium}`;
    const { id: _id, version, ...product } = (await shop.app.inject({ method: 'GET', url, headers: owner.headers })).json();
    const price = product.price as number;
    const texts = { ...product.texts, en: { ...product.texts.en, title: 'Aquarium day ticket' } };
    const updated = await shop.app.inject({
      method: 'PUT',
      url,
      headers: owner.headers,
      payload: { version, product: { ...product, texts, price: price + 2.5 } },
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const english = newest(await auditLog('&language=en&entity=product'), 'product.update');
    expect(english.subject).toMatchObject({ name: 'Aquarium day ticket', gone: false });
    expect(english.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', language: 'en', from: { kind: 'text', text: 'Aquarium entry' }, to: { kind: 'text', text: 'Aquarium day ticket' } },
        {
          field: 'price',
          language: null,
          from: { kind: 'money', amount: price, currency: 'EUR' },
          to: { kind: 'money', amount: price + 2.5, currency: 'EUR' },
        },
      ]),
    );
    expect(english.changes.map((change) => change.field)).not.toContain('version');
    const dutch = newest(await auditLog('&language=nl&entity=product'), 'product.update');
    expect(dutch.subject.name).toBe(product.texts.nl.title);
  });

  it('names the staff member whose role changed, with the roles', async () => {
    const [gate] = await shop.db.select().from(staffAccounts).where(eq(staffAccounts.role, 'gate'));
    const changed = await shop.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/staff/${gate!.id}`,
      headers: owner.headers,
      payload: { role: 'box_office' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const entry = newest(await auditLog('&entity=staff'), 'staff.update');
    expect(entry.staff?.name).toBe('Olivia Owner');
    expect(entry.subject).toMatchObject({ name: 'Gert Gate', gone: false });
    expect(entry.changes).toEqual([{ field: 'role', language: null, from: { kind: 'role', role: 'gate' }, to: { kind: 'role', role: 'box_office' } }]);
  });

  it('says a desk refund and move with the order’s number, product, slots and amount', async () => {
    const order = await paidTourOrder('2030-06-11', 2);
    const refunded = await shop.app.inject({
      method: 'POST',
      url: `/api/backoffice/orders/${order.number}/refund`,
      headers: boxOffice.headers,
      payload: { amount: 10.5, tickets: [1], key: 'audit-reading-1', reason: 'cannot come' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const otherPlot = await tourPlot(shop.db, tour, '2030-06-12');
    const moved = await shop.app.inject({
      method: 'POST',
      url: `/api/backoffice/orders/${order.number}/move`,
      headers: boxOffice.headers,
      payload: { plot: otherPlot },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const page = await auditLog('&entity=order');
    const refund = newest(page, 'order.refunded');
    expect(refund.staff?.name).toBe('Bo Box-Office');
    expect(refund.subject).toMatchObject({ name: 'Behind the scenes tour', number: order.number, slot: { date: '2030-06-11', start: '09:00' }, gone: false });
    expect(refund.details).toMatchObject({ event: 'refunded', amount: { amount: 10.5, currency: 'EUR' }, tickets: [1], quantity: { from: 2, to: 1 } });
    const move = newest(page, 'order.moved');
    expect(move.details).toMatchObject({ event: 'moved', from: { date: '2030-06-11', start: '09:00' }, to: { date: '2030-06-12', start: '09:00' } });
    expect(move.subject).toMatchObject({ name: 'Behind the scenes tour', number: order.number, slot: null });
  });

  it('reads rows in the order history’s shape (order.<event>) alike', async () => {
    const order = await paidTourOrder('2030-06-13', 1);
    const detail: OrderHistoryDetail = {
      product_id: tour,
      from: { date: '2030-06-13', time: '09:00' },
      amount_cents: 3550,
      currency: 'EUR',
      method: 'test',
      tickets: [1],
      reason: 'rain',
    };
    await recordAudit(shop.db, { staffId: boxOffice.staffId, action: 'order.refunded', entity: 'order', entityId: order.number, after: detail });
    await recordAudit(shop.db, {
      staffId: boxOffice.staffId,
      action: 'order.customer_changed',
      entity: 'order',
      entityId: order.number,
      after: { fields: ['email', 'date_of_birth'] } satisfies OrderHistoryDetail,
    });
    const page = await auditLog('&entity=order&language=en');
    expect(newest(page, 'order.refunded')).toMatchObject({
      subject: { name: 'Behind the scenes tour', number: order.number, slot: { date: '2030-06-13', start: '09:00' } },
      details: { event: 'refunded', amount: { amount: 35.5, currency: 'EUR' }, method: 'test', tickets: [1], reason: 'rain' },
    });
    const fields = newest(page, 'order.customer_changed').details.fields ?? [];
    expect(fields).toHaveLength(2);
    expect(fields.join(' ')).not.toMatch(/_/);
  });

  it('names a deleted FAQ question from its last snapshot, and a deleted slot generically', async () => {
    const settings = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      shop.app.inject({ method, url: `/api/backoffice/settings${url}`, headers: owner.headers, ...(payload ? { payload } : {}) });
    const created = (await settings('POST', '/faq/questions', { texts: { en: { question: 'Can I bring my dog?', answer: '<p>No.</p>' } } })).json();
    expect((await settings('DELETE', `/faq/questions/${created.id}?version=${created.version}`)).statusCode).toBe(200);
    // A slot a schedule save removed since: no row of it is left.
    await recordAudit(shop.db, { staffId: manager.staffId, action: 'slot.close', entity: 'slot', entityId: 2_000_000_000, after: { closed: true } });

    const page = await auditLog();
    expect(newest(page, 'faq_question.delete').subject).toMatchObject({ name: 'Can I bring my dog?', gone: true });
    expect(newest(page, 'slot.close').subject).toEqual({ name: null, gone: true, slot: null, number: null, holder: null });
  });
});

describe('reading names in batches', () => {
  /** The database with its selects counted. */
  function counting(db: Database) {
    const counter = { selects: 0 };
    const proxy = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'select') counter.selects += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    return { db: proxy, counter };
  }

  it('asks as many queries for 40 rows of each kind as for 1', async () => {
    const rows = await shop.db.select().from(staffAuditLog);
    const kinds = new Map<string, typeof rows>();
    for (const row of rows) kinds.set(row.entity, [...(kinds.get(row.entity) ?? []), row]);
    const one: AuditRow[] = [...kinds.values()].map((list) => ({ ...list[0]!, staffName: null, staffEmail: null }));
    const many: AuditRow[] = Array.from({ length: 40 }, () => one).flat();
    const few = counting(shop.db);
    await readAuditEntries(few.db, one, 'en');
    const lots = counting(shop.db);
    const read = await readAuditEntries(lots.db, many, 'en');
    expect(read.entries).toHaveLength(many.length);
    expect(lots.counter.selects).toBe(few.counter.selects);
    expect(few.counter.selects).toBeLessThanOrEqual(kinds.size + 1);
  });
});
