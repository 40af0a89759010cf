/**
 * The back office's sales set-up through the real API (app.inject) on the demo shop: a coupon the
 * storefront's coupon route then accepts, a pass the storefront shows, a voucher value the storefront
 * offers; refusals (duplicate code, percentage above 100, amounts below zero or over the limit, a
 * window that closes before it opens, min > max, a stale edit, a limit below the uses, a sold value
 * removed, the wrong role) that leave nothing written; audit rows and the catalogue version. And a
 * slot's waiting list for staff (issue 22 item 2).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audiences, catalogueVersion, coupons, plots, products, staffAuditLog, waitlistEntries } from '../../server/db/schema/index.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

const NOW = '2030-06-03T07:00:00Z';
let shop: TestShop;
let manager: StaffSession;
let clientCookie: string;
let guidebook: number;
let adultId: number;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  manager = await staffSession(shop.app, 'manager');
  const login = await shop.app.inject({ method: 'POST', url: '/api/client/login', payload: { email: 'demo@tidewater.example', password: 'tidewater-demo' } });
  clientCookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
  guidebook = (await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-guidebook')))[0]!.id;
  adultId = (await shop.db.select({ id: audiences.id }).from(audiences).orderBy(audiences.id).limit(1))[0]!.id;
});
afterAll(async () => shop?.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, session: StaffSession = manager) =>
  shop.app.inject({
    method,
    url: `/api/backoffice${url}`,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const preview = (code: string) =>
  shop.app.inject({ method: 'POST', url: '/api/coupon', headers: { cookie: clientCookie }, payload: { type: 'PRODUCT', products: [guidebook], coupon: code } });

async function version(): Promise<number> {
  const [row] = await shop.db.select({ v: catalogueVersion.version }).from(catalogueVersion);
  return row!.v;
}
async function couponCount(): Promise<number> {
  const [row] = await shop.db.select({ n: count() }).from(coupons);
  return row!.n;
}

describe('coupons', () => {
  it('creates a coupon the storefront accepts, audited, moving the catalogue version; its code stored as the shop looks it up', async () => {
    expect((await preview('SPRING20')).json().error).toBe('COUPON_INVALID');
    const before = await version();
    const created = await api('POST', '/sales/coupons', {
      code: ' spring20 ',
      discount_type: 'PERCENTAGE',
      value: 20,
      max_tickets: 4,
      usage_limit: 50,
      valid_from: '2030-06-01T00:00:00Z',
      valid_until: '2030-07-01T00:00:00Z',
      product_ids: [guidebook],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      code: 'SPRING20',
      discount_type: 'PERCENTAGE',
      value: 20,
      max_tickets: 4,
      usage_limit: 50,
      used_count: 0,
      version: 1,
    });
    expect(await version()).toBeGreaterThan(before);

    const accepted = await preview('spring20');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ type: 'COUPON', data: { code: 'SPRING20', type: 'PERCENTAGE', value: 20, max_ticket_amount: 4 } });

    const [audit] = await shop.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'coupon.create')).orderBy(desc(staffAuditLog.id));
    expect(audit).toMatchObject({ staffId: manager.staffId, entity: 'coupon', entityId: String(created.json().id), before: null });

    // The list shows it with its uses; the orders desk's uses route knows it too.
    const list = (await api('GET', '/sales/coupons')).json() as { code: string; used_count: number }[];
    expect(list.find((row) => row.code === 'SPRING20')).toMatchObject({ used_count: 0 });
    const uses = await api('GET', '/coupons/SPRING20/uses');
    expect(uses.json()).toMatchObject({ code: 'SPRING20', used: 0, limit: 50, uses: [] });
  });

  it('changes a coupon (a fixed amount now) and refuses the second of two saves made from the same version', async () => {
    const created = (await api('POST', '/sales/coupons', { code: 'TENOFF', discount_type: 'PERCENTAGE', value: 10 })).json();
    const first = await api('PUT', `/sales/coupons/${created.id}`, {
      version: created.version,
      coupon: { code: 'TENOFF', discount_type: 'FIXED', value: 2.5 },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ discount_type: 'FIXED', value: 2.5, version: 2 });
    const second = await api('PUT', `/sales/coupons/${created.id}`, {
      version: created.version,
      coupon: { code: 'TENOFF', discount_type: 'PERCENTAGE', value: 50 },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('CATALOGUE_STALE_EDIT');
    expect((await preview('TENOFF')).json().data).toMatchObject({ type: 'FIXED', value: 2.5 });
  });

  it('refuses bad coupons with a code and a field rule, writing nothing', async () => {
    const before = await couponCount();
    const refusals: [Record<string, unknown>, number, string, string, string | null][] = [
      [{ code: 'summer10', discount_type: 'PERCENTAGE', value: 5 }, 409, 'COUPON_CODE_TAKEN', 'code', 'taken'],
      [{ code: 'gift-demo-forever', discount_type: 'PERCENTAGE', value: 5 }, 409, 'COUPON_CODE_TAKEN', 'code', 'taken'],
      [{ code: 'HALFPLUS', discount_type: 'PERCENTAGE', value: 100.5 }, 400, 'VALIDATION_FAILED', 'value', 'percentage_above_100'],
      [{ code: 'MINUS', discount_type: 'FIXED', value: -1 }, 400, 'VALIDATION_FAILED', 'value', null],
      [{ code: 'ZERO', discount_type: 'FIXED', value: 0 }, 400, 'VALIDATION_FAILED', 'value', 'not_positive'],
      [{ code: 'HUGE', discount_type: 'FIXED', value: 100_000.01 }, 400, 'VALIDATION_FAILED', 'value', null],
      [
        { code: 'BACKWARDS', discount_type: 'FIXED', value: 1, valid_from: '2030-07-01T00:00:00Z', valid_until: '2030-06-01T00:00:00Z' },
        400,
        'VALIDATION_FAILED',
        'valid_until',
        'from_after_until',
      ],
      [{ code: 'NOBODY', discount_type: 'FIXED', value: 1, customer_group_id: 999_999 }, 400, 'CATALOGUE_REFERENCE_UNKNOWN', 'customer_group_id', null],
      [{ code: 'x y', discount_type: 'FIXED', value: 1 }, 400, 'VALIDATION_FAILED', 'code', null],
    ];
    for (const [payload, status, code, field, rule] of refusals) {
      const response = await api('POST', '/sales/coupons', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error).toBe(code);
      expect(Object.keys(response.json().fields ?? {})).toContain(field);
      if (rule) expect(response.json().fields[field]).toBe(rule);
    }
    expect(await couponCount()).toBe(before);
  });

  it('refuses a usage limit below the uses already made', async () => {
    const [used] = await shop.db.select().from(coupons).where(eq(coupons.code, 'USEDUP'));
    const response = await api('PUT', `/sales/coupons/${used!.id}`, {
      version: used!.version,
      coupon: { code: 'USEDUP', discount_type: 'PERCENTAGE', value: 20, usage_limit: 0 },
    });
    expect(response.statusCode).toBe(400); // zod: at least 1
    const lowered = await shop.db.update(coupons).set({ usageLimit: 5, usedCount: 3 }).where(eq(coupons.id, used!.id)).returning();
    const below = await api('PUT', `/sales/coupons/${used!.id}`, {
      version: lowered[0]!.version,
      coupon: { code: 'USEDUP', discount_type: 'PERCENTAGE', value: 20, usage_limit: 2 },
    });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ error: 'COUPON_LIMIT_BELOW_USES', error_info: '3' });
  });
});

describe('subscriptions', () => {
  it('creates a pass in two languages that the storefront shows, and refuses a duplicate slug and a physical pass with products', async () => {
    const input = {
      slug: 'night-pass',
      state: 'PUBLISHED',
      type: 'ONLINE',
      redemptions: 5,
      validity_days: 180,
      texts: { en: { title: 'Night pass', description: '<p>Five <b>nights</b></p><img src=x onerror=alert(1)>' }, nl: { title: 'Nachtpas' } },
      audiences: [{ audience_id: adultId, price: 45 }],
      product_ids: [guidebook],
    };
    const created = await api('POST', '/sales/subscriptions', input);
    expect(created.statusCode, created.body).toBe(200);
    const pass = created.json();
    expect(pass).toMatchObject({ slug: 'night-pass', type: 'ONLINE', redemptions: 5, validity_days: 180, audiences: [{ audience_id: adultId, price: 45 }] });
    expect(pass.texts.en.description).not.toContain('onerror');

    const dutch = await shop.app.inject({ method: 'GET', url: `/api/subscriptions/${pass.id}?language=nl` });
    expect(dutch.statusCode, dutch.body).toBe(200);
    expect(dutch.json()).toMatchObject({ title: 'Nachtpas', products: [guidebook] });
    expect(dutch.json().audiences[0].price).toBe(45);
    // German falls back to the default language.
    expect((await shop.app.inject({ method: 'GET', url: `/api/subscriptions/${pass.id}?language=de` })).json().title).toBe('Night pass');

    const duplicate = await api('POST', '/sales/subscriptions', input);
    expect(duplicate.json().error).toBe('CATALOGUE_SLUG_TAKEN');
    const physical = await api('POST', '/sales/subscriptions', { ...input, slug: 'paper-pass', type: 'PHYSICAL' });
    expect(physical.statusCode).toBe(400);
    expect(physical.json().fields).toMatchObject({ product_ids: 'online_only' });

    const saved = await api('PUT', `/sales/subscriptions/${pass.id}`, {
      version: pass.version,
      subscription: { ...input, audiences: [{ audience_id: adultId, price: 40 }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await api('PUT', `/sales/subscriptions/${pass.id}`, { version: pass.version, subscription: input });
    expect(stale.json().error).toBe('CATALOGUE_STALE_EDIT');
  });
});

describe('vouchers', () => {
  it('adds a value and its stock to the demo gift voucher, which the storefront then offers', async () => {
    const [listed] = (await api('GET', '/sales/vouchers')).json() as { id: number; version: number; slug: string; values: unknown[] }[];
    const voucher = (await api('GET', `/sales/vouchers/${listed!.id}`)).json();
    const input = {
      slug: voucher.slug,
      state: voucher.state,
      min_quantity: voucher.min_quantity,
      max_quantity: voucher.max_quantity,
      validity_days: voucher.validity_days,
      texts: voucher.texts,
      category_ids: voucher.category_ids,
      values: [
        ...voucher.values.map((value: { id: number; price: number; availability: number | null; texts: object }) => ({ ...value })),
        { price: 75, availability: 20, texts: { en: { name: 'Seventy-five' }, nl: { name: 'Vijfenzeventig' } } },
      ],
    };
    const saved = await api('PUT', `/sales/vouchers/${voucher.id}`, { version: voucher.version, voucher: input });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().values).toHaveLength(voucher.values.length + 1);

    const shown = await shop.app.inject({ method: 'GET', url: `/api/vouchers/${voucher.id}?language=nl` });
    expect(shown.json().values).toContainEqual(expect.objectContaining({ name: 'Vijfenzeventig', price: 75, availability: 20 }));

    const current = saved.json();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ ...input, values: current.values, min_quantity: 5, max_quantity: 2 }, 'VALIDATION_FAILED', 'max_quantity'],
      [{ ...input, values: [{ price: -5, texts: { en: { name: 'Minus' } } }] }, 'VALIDATION_FAILED', 'values.0.price'],
      [{ ...input, values: [{ price: 100_000.01, texts: { en: { name: 'Too much' } } }] }, 'VALIDATION_FAILED', 'values.0.price'],
    ];
    for (const [payload, code, field] of refusals) {
      const response = await api('PUT', `/sales/vouchers/${voucher.id}`, { version: current.version, voucher: payload });
      expect(response.json().error, JSON.stringify(payload)).toBe(code);
      expect(Object.keys(response.json().fields ?? {})).toContain(`voucher.${field}`);
    }
    expect((await api('GET', `/sales/vouchers/${voucher.id}`)).json().version).toBe(current.version);
  });

  it('refuses to remove a value that was sold', async () => {
    const created = (
      await api('POST', '/sales/vouchers', {
        slug: 'zoo-card',
        state: 'PUBLISHED',
        texts: { en: { title: 'Zoo card' } },
        values: [{ price: 10, texts: { en: { name: 'Ten' } } }],
      })
    ).json();
    const order = await shop.app.inject({
      method: 'POST',
      url: '/api/vouchers',
      payload: {
        customer: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada@example.com',
          fields: { email_confirm: 'ada@example.com', heard_about_us: 'friends' },
        },
        voucher: { id: created.id },
        values: { [created.values[0].id]: { id: created.values[0].id, quantity: 1 } },
        language: 'en',
      },
    });
    expect(order.statusCode, order.body).toBe(200);
    const removed = await api('PUT', `/sales/vouchers/${created.id}`, {
      version: created.version,
      voucher: { slug: 'zoo-card', state: 'PUBLISHED', texts: { en: { title: 'Zoo card' } }, values: [{ price: 20, texts: { en: { name: 'Twenty' } } }] },
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error).toBe('VOUCHER_VALUE_SOLD');
  });
});

describe('who may set up sales', () => {
  it('refuses box office and gate staff and no session', async () => {
    for (const role of ['box_office', 'gate'] as const) {
      const session = await staffSession(shop.app, role);
      for (const url of ['/sales/coupons', '/sales/subscriptions', '/sales/vouchers']) {
        const response = await api('GET', url, undefined, session);
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toBe('STAFF_ROLE_FORBIDDEN');
      }
      const create = await api('POST', '/sales/coupons', { code: 'SNEAKY', discount_type: 'FIXED', value: 1 }, session);
      expect(create.json().error).toBe('STAFF_ROLE_FORBIDDEN');
    }
    expect((await shop.app.inject({ method: 'GET', url: '/api/backoffice/sales/coupons' })).json().error).toBe('STAFF_SESSION_REQUIRED');
  });
});

describe("a slot's waiting list for staff", () => {
  it('lists the entries in arrival order with their status as of now, and 404s a slot of another product', async () => {
    const [slot] = await shop.db.select().from(plots).where(eq(plots.productId, guidebook)).limit(1);
    const plot = slot ?? (await shop.db.select().from(plots).limit(1))[0]!;
    const now = new Date(NOW);
    const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
    await shop.db.insert(waitlistEntries).values([
      { plotId: plot.id, email: 'first@example.com', quantity: 2, language: 'nl', state: 'OFFERED', holdExpiresAt: minutes(20) },
      { plotId: plot.id, email: 'second@example.com', quantity: 1, language: 'en', state: 'WAITING' },
      { plotId: plot.id, email: 'third@example.com', quantity: 3, language: 'de', state: 'OFFERED', holdExpiresAt: minutes(-1) },
      { plotId: plot.id, email: 'fourth@example.com', quantity: 1, language: 'fr', state: 'USED' },
      { plotId: plot.id, email: 'fifth@example.com', quantity: 1, language: 'es', state: 'ENDED' },
    ]);
    const response = await api('GET', `/products/${plot.productId}/slots/${plot.id}/waitlist`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().slot).toMatchObject({ id: plot.id, product_id: plot.productId, date: plot.date });
    expect(response.json().entries.map((e: { email: string; status: string; position: number }) => [e.position, e.email, e.status])).toEqual([
      [1, 'first@example.com', 'offered'],
      [2, 'second@example.com', 'waiting'],
      [3, 'third@example.com', 'expired'],
      [4, 'fourth@example.com', 'used'],
      [5, 'fifth@example.com', 'ended'],
    ]);
    expect(response.json().entries[0]).toMatchObject({ quantity: 2, language: 'nl', hold_expires_at: minutes(20).toISOString() });
    expect(response.json().entries[1].hold_expires_at).toBeNull();

    const [other] = await shop.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.state, 'PUBLISHED')))
      .orderBy(desc(products.id))
      .limit(1);
    const foreign = await api('GET', `/products/${other!.id === plot.productId ? other!.id + 1000 : other!.id}/slots/${plot.id}/waitlist`);
    expect(foreign.statusCode).toBe(404);
    const boxOffice = await staffSession(shop.app, 'box_office');
    expect((await api('GET', `/products/${plot.productId}/slots/${plot.id}/waitlist`, undefined, boxOffice)).json().error).toBe('STAFF_ROLE_FORBIDDEN');
  });
});
