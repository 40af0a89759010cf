/**
 * The back office's organisation-level editors through the real API (app.inject) on the demo shop:
 * shop settings (owner only), customer fields, additions and the FAQ, each read back by the
 * storefront's own endpoints in English and Dutch; the refusals (unreadable colour, unknown timezone,
 * unknown field type, min > max, stale edit, wrong role) that leave nothing written; audit rows and
 * the catalogue version.
 */
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueVersion, customerFields, organisations, staffAuditLog } from '../../server/db/schema/index.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;
let owner: StaffSession;
let manager: StaffSession;
let boxOffice: StaffSession;

beforeAll(async () => {
  shop = await createTestShop({ now: '2030-03-01T09:00:00Z' });
  [owner, manager, boxOffice] = await Promise.all([staffSession(shop.app, 'owner'), staffSession(shop.app, 'manager'), staffSession(shop.app, 'box_office')]);
});

afterAll(async () => {
  await shop.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, session: StaffSession = owner) =>
  shop.app.inject({
    method,
    url: `/api/backoffice/settings${url}`,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const storefront = (url: string, language: string) => shop.app.inject({ method: 'GET', url: `/api${url}`, headers: { 'accept-language': language } });

async function version(): Promise<number> {
  const [row] = await shop.db.select({ version: catalogueVersion.version }).from(catalogueVersion);
  return Number(row?.version ?? 0);
}

async function auditCount(): Promise<number> {
  const [row] = await shop.db.select({ total: count() }).from(staffAuditLog);
  return row?.total ?? 0;
}

async function lastAudit() {
  const [row] = await shop.db.select().from(staffAuditLog).orderBy(desc(staffAuditLog.id)).limit(1);
  return row!;
}

type Settings = Record<string, unknown> & { version: string };
const editable = ({ version: _v, ...settings }: Settings) => settings;

describe('organisation settings', () => {
  it('saves name (English and Dutch), colour, timezone and switches; the storefront answers them and the catalogue version moves', async () => {
    const read = await api('GET', '/organisation');
    expect(read.statusCode).toBe(200);
    const current = read.json<Settings>();
    const before = await version();
    const audits = await auditCount();

    const saved = await api('PUT', '/organisation', {
      version: current.version,
      settings: {
        ...editable(current),
        texts: { en: { name: 'Harbour Zoo' }, nl: { name: 'Havendierentuin' } },
        theme_colour: '#0B5E55',
        timezone: 'Europe/London',
        allow_shopping_cart: false,
        rebooking_allowed: true,
        hold_minutes: 20,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ theme_colour: '0b5e55', timezone: 'Europe/London', hold_minutes: 20 });
    expect(saved.json<Settings>().version).not.toBe(current.version);
    expect(await version()).toBeGreaterThan(before);
    expect(await auditCount()).toBe(audits + 1);
    expect(await lastAudit()).toMatchObject({ action: 'organisation.update', entity: 'organisation', staffId: owner.staffId });

    const en = (await storefront('/organisation', 'en')).json();
    expect(en).toMatchObject({ name: 'Harbour Zoo', theme_colour: '0b5e55', timezone: 'Europe/London', shop: { allowShoppingCart: false } });
    expect((await storefront('/organisation', 'nl')).json()).toMatchObject({ name: 'Havendierentuin' });
    // A language without its own name falls back to the default language's.
    expect((await storefront('/organisation', 'de')).json()).toMatchObject({ name: 'Harbour Zoo' });
    // Turning rebooking on gave the shop a rebooking secret (the FAQ's rebook card opens it).
    expect((await storefront('/faq', 'en')).json<{ rebooking_secret: string | null }>().rebooking_secret).toEqual(expect.any(String));
  });

  it('refuses an unreadable theme colour, an unknown timezone and a stale edit, changing nothing', async () => {
    const current = (await api('GET', '/organisation')).json<Settings>();
    const [stored] = await shop.db.select().from(organisations);
    const audits = await auditCount();

    const grey = await api('PUT', '/organisation', { version: current.version, settings: { ...editable(current), theme_colour: '777777' } });
    expect(grey.statusCode).toBe(400);
    expect(grey.json()).toMatchObject({ error: 'THEME_COLOUR_UNREADABLE', fields: { theme_colour: 'unreadable' } });

    const zone = await api('PUT', '/organisation', { version: current.version, settings: { ...editable(current), timezone: 'Europe/Atlantis' } });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toMatchObject({ error: 'TIMEZONE_UNKNOWN' });

    const defaultOutside = await api('PUT', '/organisation', {
      version: current.version,
      settings: { ...editable(current), languages: ['nl'], default_language: 'en' },
    });
    expect(defaultOutside.statusCode).toBe(400);
    expect(defaultOutside.json()).toMatchObject({ error: 'VALIDATION_FAILED' });

    const first = await api('PUT', '/organisation', { version: current.version, settings: { ...editable(current), hold_minutes: 25 } });
    expect(first.statusCode).toBe(200);
    const stale = await api('PUT', '/organisation', { version: current.version, settings: { ...editable(current), hold_minutes: 30 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'CATALOGUE_STALE_EDIT' });

    const [after] = await shop.db.select().from(organisations);
    expect({ ...after, holdMinutes: stored!.holdMinutes }).toEqual(stored);
    expect(after!.holdMinutes).toBe(25);
    expect(await auditCount()).toBe(audits + 1);
  });

  it('is the owner’s alone: a manager and box office are refused, no session is asked to sign in', async () => {
    expect((await api('GET', '/organisation', undefined, manager)).json()).toMatchObject({ error: 'STAFF_ROLE_FORBIDDEN' });
    expect((await api('GET', '/organisation', undefined, boxOffice)).statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'GET', url: '/api/backoffice/settings/organisation' })).statusCode).toBe(401);
    // Customer fields, additions and the FAQ are catalogue work: a manager may, box office may not.
    expect((await api('GET', '/fields', undefined, manager)).statusCode).toBe(200);
    expect((await api('GET', '/fields', undefined, boxOffice)).json()).toMatchObject({ error: 'STAFF_ROLE_FORBIDDEN' });
  });
});

describe('customer fields', () => {
  const dropdown = {
    name: 'favourite_animal',
    type: 'DROPDOWN',
    required: true,
    options: [
      { value: 'otter', labels: { en: 'Otter', nl: 'Otter' } },
      { value: 'seal', labels: { en: 'Seal', nl: 'Zeehond' } },
    ],
    texts: { en: { label: 'Favourite animal' }, nl: { label: 'Lievelingsdier' } },
  };

  it('creates and edits a dropdown field that the storefront shows in both languages; moves the catalogue version', async () => {
    const before = await version();
    const created = await api('POST', '/fields', dropdown, manager);
    expect(created.statusCode).toBe(200);
    const field = created.json<{ id: number; version: string }>();
    expect(await version()).toBeGreaterThan(before);
    expect(await lastAudit()).toMatchObject({ action: 'customer_field.create', entityId: String(field.id), staffId: manager.staffId });

    const nl = (await storefront('/organisation', 'nl')).json<{ fields: { name: string; label: string; options: { label: string }[] }[] }>();
    const shown = nl.fields.find((f) => f.name === 'favourite_animal');
    expect(shown).toMatchObject({ label: 'Lievelingsdier', options: [{ label: 'Otter' }, { label: 'Zeehond' }] });

    const edited = await api('PUT', `/fields/${field.id}`, {
      version: field.version,
      field: { ...dropdown, required: false, texts: { en: { label: 'Best animal' } } },
    });
    expect(edited.statusCode).toBe(200);
    const en = (await storefront('/organisation', 'en')).json<{ fields: { name: string; label: string; required: boolean }[] }>();
    expect(en.fields.find((f) => f.name === 'favourite_animal')).toMatchObject({ label: 'Best animal', required: false });

    const stale = await api('PUT', `/fields/${field.id}`, { version: field.version, field: dropdown });
    expect(stale.json()).toMatchObject({ error: 'CATALOGUE_STALE_EDIT' });
    const removed = await api('DELETE', `/fields/${field.id}?version=${edited.json<{ version: string }>().version}`);
    expect(removed.statusCode).toBe(200);
    expect(await shop.db.select().from(customerFields).where(eq(customerFields.id, field.id))).toEqual([]);
  });

  it('refuses an unknown type, a dropdown without options, a built-in type under another name and a taken name', async () => {
    const [{ total: fieldsBefore }] = (await shop.db.select({ total: count() }).from(customerFields)) as [{ total: number }];
    const unknownType = await api('POST', '/fields', { ...dropdown, name: 'shoe_size', type: 'SHOE_SIZE' });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect((await api('POST', '/fields', { ...dropdown, name: 'pet', options: [] })).json()).toMatchObject({ fields: { options: 'options_required' } });
    expect((await api('POST', '/fields', { ...dropdown, name: 'surname', type: 'LAST_NAME', options: [] })).json()).toMatchObject({
      fields: { name: 'built_in_name' },
    });
    expect((await api('POST', '/fields', { ...dropdown, name: 'phone', type: 'PHONE', options: [] })).json()).toMatchObject({ fields: { name: 'name_taken' } });
    const [{ total: fieldsAfter }] = (await shop.db.select({ total: count() }).from(customerFields)) as [{ total: number }];
    expect(fieldsAfter).toBe(fieldsBefore);
  });
});

describe('additions', () => {
  it('saves a booking fee in cents from a 2-decimal amount and the storefront answers it; refuses a third decimal and a type 2', async () => {
    const created = await api('POST', '/additions', { type: 0, amount: 1.35, texts: { en: { name: 'Booking fee' }, nl: { name: 'Boekingskosten' } } });
    expect(created.statusCode).toBe(200);
    const addition = created.json<{ id: number; version: string; amount: number }>();
    expect(addition.amount).toBe(1.35);
    const nl = (await storefront('/organisation', 'nl')).json<{ additions: { id: number; name: string; amount: number }[] }>();
    expect(nl.additions.find((a) => a.id === addition.id)).toMatchObject({ name: 'Boekingskosten', amount: 1.35 });

    expect((await api('POST', '/additions', { type: 0, amount: 1.355, texts: { en: { name: 'Fee' } } })).json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect((await api('POST', '/additions', { type: 2, amount: 1, texts: { en: { name: 'Fee' } } })).statusCode).toBe(400);
    // A name in the default language is needed: the storefront falls back to it.
    expect((await api('POST', '/additions', { type: 1, amount: 1, texts: { nl: { name: 'Kosten' } } })).json()).toMatchObject({
      fields: { 'texts.en.name': 'default_language_missing' },
    });
    const updated = await api('PUT', `/additions/${addition.id}`, {
      version: addition.version,
      addition: { type: 1, amount: 2, texts: { en: { name: 'Rebooking fee' } } },
    });
    expect(updated.json()).toMatchObject({ type: 1, amount: 2 });
    expect(await lastAudit()).toMatchObject({ action: 'addition.update', before: { amount: 1.35 }, after: { amount: 2 } });
  });
});

describe('FAQ', () => {
  it('saves a question in English and Dutch with its answer sanitised, and the contact details; the FAQ page answers them', async () => {
    const created = await api('POST', '/faq/questions', {
      sort: -100,
      texts: {
        en: { question: 'Can I bring my dog?', answer: '<p>Only <b>guide dogs</b>.</p><script>alert(1)</script>' },
        nl: { question: 'Mag mijn hond mee?', answer: '<p>Alleen hulphonden.</p>' },
      },
    });
    expect(created.statusCode).toBe(200);
    const nl = (await storefront('/faq', 'nl')).json<{ questions: { question: string; answer: string }[] }>();
    expect(nl.questions[0]).toMatchObject({ question: 'Mag mijn hond mee?', answer: '<p>Alleen hulphonden.</p>' });
    const en = (await storefront('/faq', 'en')).json<{ questions: { question: string; answer: string }[] }>();
    expect(en.questions[0]!.answer).toBe('<p>Only <b>guide dogs</b>.</p>');

    const contact = (await api('GET', '/faq/contact')).json<{ version: string }>();
    const saved = await api('PUT', '/faq/contact', {
      version: contact.version,
      contact: {
        faq_enabled: true,
        phone_number: '+31 20 123 4567',
        email: 'help@harbour.example',
        whatsapp_url: null,
        opening_hours_url: 'https://harbour.example/hours',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await storefront('/faq', 'en')).json()).toMatchObject({ phone_number: '+31 20 123 4567', email: 'help@harbour.example', whatsapp_url: null });
    const stale = await api('PUT', '/faq/contact', { version: contact.version, contact: { faq_enabled: false } });
    expect(stale.json()).toMatchObject({ error: 'CATALOGUE_STALE_EDIT' });
    expect((await storefront('/faq', 'en')).json()).toMatchObject({ faq_enabled: true });
    const bad = await api('PUT', '/faq/contact', {
      version: saved.json<{ version: string }>().version,
      contact: { faq_enabled: true, opening_hours_url: 'javascript:alert(1)' },
    });
    expect(bad.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
  });

  it('refuses a write without the CSRF token and from box office', async () => {
    const noCsrf = await shop.app.inject({
      method: 'POST',
      url: '/api/backoffice/settings/faq/questions',
      headers: { cookie: owner.cookie },
      payload: { texts: { en: { question: 'Q', answer: 'A' } } },
    });
    expect(noCsrf.json()).toMatchObject({ error: 'STAFF_CSRF_INVALID' });
    expect((await api('POST', '/faq/questions', { texts: { en: { question: 'Q', answer: 'A' } } }, boxOffice)).statusCode).toBe(403);
  });
});
