/**
 * The back office's catalogue editor through the real API (app.inject) on the demo shop: a product
 * with two audiences, an upsell and a donation in English and Dutch, published and read back by the
 * storefront; refusals (stale edit, duplicate slug, min > max, money limits, unknown references,
 * foreign languages) that leave nothing written; the audit rows and the catalogue version; images.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audiences, catalogueVersion, products, staffAuditLog } from '../../server/db/schema/index.ts';
import { MAX_IMAGE_BYTES } from '#domain/backoffice/catalogue-editor.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;
let owner: StaffSession;
let mediaDir: string;
let adultId: number;
let childId: number;

beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), 'shop-media-'));
  shop = await createTestShop({ now: '2030-03-01T09:00:00Z', config: { mediaDir } });
  owner = await staffSession(shop.app, 'owner');
  const rows = await shop.db.select({ id: audiences.id }).from(audiences).orderBy(audiences.id).limit(2);
  [adultId, childId] = rows.map((r) => r.id) as [number, number];
});

afterAll(async () => {
  await shop.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, session: StaffSession = owner) =>
  shop.app.inject({
    method,
    url: `/api/backoffice/catalogue${url}`,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

function productInput(slug: string, overrides: Record<string, unknown> = {}) {
  return {
    slug,
    state: 'PUBLISHED',
    price_type: 'AUDIENCE',
    capacity_type: 'NONE',
    price: 12.5,
    texts: {
      en: { title: 'Sea lion show', description: '<p>Splash <b>zone</b></p><script>alert(1)</script>', label: 'New' },
      nl: { title: 'Zeeleeuwenshow', description: '<p>Natte zone</p>' },
    },
    audiences: [
      { audience_id: adultId, price: 12.5, min_quantity: 1, max_quantity: 10 },
      { audience_id: childId, price: 7.25, max_quantity: 10, dependant: true },
    ],
    ...overrides,
  };
}

async function productCount(): Promise<number> {
  const [row] = await shop.db.select({ n: count() }).from(products);
  return row!.n;
}

async function version(): Promise<number> {
  const [row] = await shop.db.select({ v: catalogueVersion.version }).from(catalogueVersion);
  return row!.v;
}

describe('creating and publishing a product', () => {
  it('saves every field, sanitises HTML, audits the change and shows it on the storefront in both languages', async () => {
    const upsell = await api('POST', '/upsells', { price: 3, texts: { en: { title: 'Rain poncho' }, nl: { title: 'Regenponcho' } } });
    expect(upsell.statusCode).toBe(200);
    const donation = await api('POST', '/upsells', {
      upsell_type: 'DONATION',
      price: 0,
      donation_step: 2.5,
      texts: { en: { title: 'Support the sea lions' } },
    });
    expect(donation.statusCode).toBe(200);
    const versionBefore = await version();

    const created = await api('POST', '/products', productInput('sea-lion-show', { upsell_ids: [upsell.json().id, donation.json().id] }));
    expect(created.statusCode).toBe(200);
    const product = created.json();
    expect(product).toMatchObject({ slug: 'sea-lion-show', version: 1, price: 12.5, upsell_ids: [upsell.json().id, donation.json().id] });
    expect(product.audiences).toEqual([
      { audience_id: adultId, price: 12.5, min_quantity: 1, max_quantity: 10, fixed_quantity: false, dependant: false, hidden: false },
      { audience_id: childId, price: 7.25, min_quantity: 0, max_quantity: 10, fixed_quantity: false, dependant: true, hidden: false },
    ]);
    expect(product.texts.en.description).toBe('<p>Splash <b>zone</b></p>');
    expect(await version()).toBeGreaterThan(versionBefore);

    const [audit] = await shop.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.entityId, String(product.id)))
      .orderBy(desc(staffAuditLog.id));
    expect(audit).toMatchObject({ staffId: owner.staffId, action: 'product.create', entity: 'product', before: null });
    expect((audit!.after as { slug: string }).slug).toBe('sea-lion-show');

    const english = await shop.app.inject({ method: 'GET', url: `/api/products/${product.id}?language=en` });
    expect(english.statusCode).toBe(200);
    expect(english.json().title).toBe('Sea lion show');
    const dutch = await shop.app.inject({ method: 'GET', url: `/api/products/${product.id}?language=nl` });
    expect(dutch.json().title).toBe('Zeeleeuwenshow');
    expect(dutch.json().upsells.map((u: { title: string }) => u.title)).toContain('Regenponcho');
    // German has no text of its own: the storefront falls back to the default language.
    const german = await shop.app.inject({ method: 'GET', url: `/api/products/${product.id}?language=de` });
    expect(german.json().title).toBe('Sea lion show');
  });
});

describe('a stale edit', () => {
  it('refuses the second of two saves made from the same version and keeps the first', async () => {
    const created = (await api('POST', '/products', productInput('penguin-parade'))).json();
    const first = await api('PUT', `/products/${created.id}`, { version: created.version, product: productInput('penguin-parade', { price: 15 }) });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(created.version + 1);
    const second = await api('PUT', `/products/${created.id}`, { version: created.version, product: productInput('penguin-parade', { price: 99 }) });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('CATALOGUE_STALE_EDIT');
    expect((await api('GET', `/products/${created.id}`)).json().price).toBe(15);
  });
});

describe('bad input', () => {
  it('refuses with a code and a field rule, writing nothing', async () => {
    await api('POST', '/products', productInput('otter-feeding'));
    const before = await productCount();
    const refusals: [Record<string, unknown>, number, string, string | null][] = [
      [productInput('otter-feeding'), 409, 'CATALOGUE_SLUG_TAKEN', 'slug'],
      [productInput('Otter Feeding!'), 400, 'VALIDATION_FAILED', 'slug'],
      [productInput('a1', { min_quantity: 5, max_quantity: 2 }), 400, 'VALIDATION_FAILED', 'max_quantity'],
      [productInput('a2', { price: -1 }), 400, 'VALIDATION_FAILED', 'price'],
      [productInput('a3', { price: 100_000.01 }), 400, 'VALIDATION_FAILED', 'price'],
      [productInput('a4', { price: 1.005 }), 400, 'VALIDATION_FAILED', 'price'],
      [
        productInput('a5', { audiences: [{ audience_id: adultId, price: 1, min_quantity: 3, max_quantity: 1 }] }),
        400,
        'VALIDATION_FAILED',
        'audiences.0.max_quantity',
      ],
      [productInput('a6', { audiences: [{ audience_id: 999_999, price: 1 }] }), 400, 'CATALOGUE_REFERENCE_UNKNOWN', 'audiences'],
      [productInput('a7', { texts: { nl: { title: 'Alleen Nederlands' } } }), 400, 'VALIDATION_FAILED', 'texts.en.title'],
    ];
    for (const [payload, status, code, field] of refusals) {
      const response = await api('POST', '/products', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error).toBe(code);
      if (field) expect(Object.keys(response.json().fields ?? {})).toContain(field);
    }
    const rules = (await api('POST', '/products', productInput('a8', { min_quantity: 5, max_quantity: 2 }))).json().fields;
    expect(rules.max_quantity).toBe('min_above_max');
    expect(await productCount()).toBe(before);
  });

  it('refuses a duplicate category slug and a category below itself', async () => {
    const top = (await api('POST', '/categories', { slug: 'shows', texts: { en: { title: 'Shows' } } })).json();
    const child = (await api('POST', '/categories', { slug: 'water-shows', parent_id: top.id, texts: { en: { title: 'Water shows' } } })).json();
    const duplicate = await api('POST', '/categories', { slug: 'shows', texts: { en: { title: 'Again' } } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe('CATALOGUE_SLUG_TAKEN');
    const loop = await api('PUT', `/categories/${top.id}`, {
      version: top.version,
      category: { slug: 'shows', parent_id: child.id, texts: { en: { title: 'Shows' } } },
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().fields).toEqual({ parent_id: 'self_reference' });
  });
});

describe('who may edit', () => {
  it('refuses box office and gate staff, no session, and a change without the CSRF header', async () => {
    for (const role of ['box_office', 'gate'] as const) {
      const session = await staffSession(shop.app, role);
      const response = await api('GET', '/products', undefined, session);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('STAFF_ROLE_FORBIDDEN');
    }
    const anonymous = await shop.app.inject({ method: 'GET', url: '/api/backoffice/catalogue/products' });
    expect(anonymous.json().error).toBe('STAFF_SESSION_REQUIRED');
    const noCsrf = await shop.app.inject({
      method: 'POST',
      url: '/api/backoffice/catalogue/products',
      headers: { cookie: owner.cookie },
      payload: productInput('x-csrf'),
    });
    expect(noCsrf.json().error).toBe('STAFF_CSRF_INVALID');
    const manager = await staffSession(shop.app, 'manager');
    expect((await api('GET', '/products', undefined, manager)).statusCode).toBe(200);
  });
});

describe('images', () => {
  const upload = (body: Buffer, type: string) =>
    shop.app.inject({ method: 'POST', url: '/api/backoffice/catalogue/images', headers: { ...owner.headers, 'content-type': type }, payload: body });

  it('resizes a PNG to the storefront widths and serves it as immutable WebP', async () => {
    const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: { r: 0, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const response = await upload(png, 'image/png');
    expect(response.statusCode).toBe(200);
    const stored = response.json<{ url: string; sizes: { width: number; url: string }[] }>();
    expect(stored.sizes.map((s) => s.width)).toEqual([400, 800, 1600]);
    const served = await shop.app.inject({ method: 'GET', url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 800 });
    // Never enlarged: the 1600 size of a 1000-pixel image stays 1000 wide.
    const large = await shop.app.inject({ method: 'GET', url: stored.sizes[2]!.url });
    expect((await sharp(large.rawPayload).metadata()).width).toBe(1000);
  });

  it('refuses what is not an image, and an image that is too large', async () => {
    const fake = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toBe('IMAGE_INVALID');
    const huge = await upload(Buffer.alloc(MAX_IMAGE_BYTES + 1), 'image/jpeg');
    expect(huge.statusCode).toBe(413);
    expect(['IMAGE_TOO_LARGE', 'PAYLOAD_TOO_LARGE']).toContain(huge.json().error);
    expect((await shop.app.inject({ method: 'GET', url: '/media/../../etc/passwd' })).statusCode).toBe(404);
  });
});
