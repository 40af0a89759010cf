import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organisation } from '#domain/contracts/organisation.ts';
import { categories, customerFields, products } from '../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ now: '2026-03-04T08:15:00Z' });
});

afterAll(async () => {
  await shop?.close();
});

async function getOrganisation(headers: Record<string, string> = {}, query = ''): Promise<Organisation> {
  const response = await shop.app.inject({ url: `/api/organisation${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<Organisation>();
}

describe('GET /api/organisation', () => {
  it('answers the demo organisation with exactly the contract fields', async () => {
    const response = await shop.app.inject({ url: '/api/organisation' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const organisation = response.json<Organisation>();
    expect(Object.keys(organisation).sort()).toEqual(
      [
        'id',
        'name',
        'currency',
        'timezone',
        'theme_colour',
        'default_language',
        'languages',
        'logo',
        'shop',
        'fields',
        'business_fields',
        'additions',
        'security',
      ].sort(),
    );
    expect(organisation).toMatchObject({
      name: 'Tidewater Zoo & Aquarium',
      currency: 'EUR',
      timezone: 'Europe/Amsterdam',
      theme_colour: '1abc9c',
      default_language: 'en',
      languages: ['en', 'nl', 'es', 'de', 'fr'],
      logo: '/images/logo.svg',
      shop: { categories: 3, allowShoppingCart: true, allow_business: true },
      security: { enabled: false, captcha_key: null },
    });
    expect(organisation.business_fields).toEqual([
      { type: 'COMPANY', invoice: true },
      { type: 'VAT_ID', invoice: true },
      { type: 'ADDRESS', invoice: false },
      { type: 'ZIPCODE', invoice: false },
      { type: 'CITY', invoice: false },
    ]);
  });

  it('lists the additions with names and 2-decimal amounts', async () => {
    const { additions } = await getOrganisation();
    expect(additions.map(({ name, amount, type }) => ({ name, amount, type }))).toEqual([
      { name: 'Booking fee', amount: 1, type: 0 },
      { name: 'Rebooking fee', amount: 2.5, type: 1 },
    ]);
    expect(Object.keys(additions[0]!).sort()).toEqual(['amount', 'id', 'name', 'type']);
  });

  it('lists the customer fields in sort order with their flags and applicability', async () => {
    const { fields } = await getOrganisation();
    expect(fields.map((field) => [field.name, field.type, field.required, field.default, field.business])).toEqual([
      ['first_name', 'FIRST_NAME', true, true, false],
      ['last_name', 'LAST_NAME', true, true, false],
      ['email', 'EMAIL', true, true, false],
      ['email_confirm', 'EMAIL_CONFIRM', true, false, false],
      ['phone', 'PHONE', false, false, false],
      ['company', 'COMPANY', false, false, true],
      ['address', 'ADDRESS', false, false, true],
      ['zipcode', 'ZIPCODE', false, false, true],
      ['city', 'CITY', false, false, true],
      ['vat_id', 'VAT_ID', false, false, true],
      ['date_of_birth', 'DATE', true, false, false],
      ['group_size', 'NUMBER', true, false, false],
      ['dietary_needs', 'TEXT', false, false, false],
      ['heard_about_us', 'DROPDOWN', true, false, false],
      ['safety_rules', 'CHECKBOX', true, false, false],
      ['newsletter', 'CHECKBOX', false, false, false],
    ]);
    expect(Object.keys(fields[0]!).sort()).toEqual(
      ['id', 'name', 'label', 'type', 'required', 'default', 'business', 'options', 'sort', 'subscriptions', 'products', 'vouchers'].sort(),
    );
    const sorts = fields.map((field) => field.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));

    const [behindTheScenes] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
    const dateOfBirth = fields.find((field) => field.name === 'date_of_birth');
    expect(dateOfBirth?.products).toEqual([behindTheScenes!.id]);
    expect(fields.find((field) => field.name === 'first_name')?.products).toEqual([]);
  });

  it('translates field labels and dropdown options', async () => {
    const english = await getOrganisation();
    expect(english.fields[0]!.label).toBe('First name');
    expect(english.fields.find((field) => field.name === 'heard_about_us')?.options.slice(0, 2)).toEqual([
      { value: 'friends', label: 'From friends or family' },
      { value: 'social', label: 'Social media' },
    ]);

    const dutch = await getOrganisation({ 'accept-language': 'nl' });
    expect(dutch.fields[0]!.label).toBe('Voornaam');
    expect(dutch.fields.find((field) => field.name === 'heard_about_us')?.options[0]).toEqual({ value: 'friends', label: 'Via vrienden of familie' });
    expect(dutch.additions[0]!.name).toBe('Reserveringskosten');

    const german = await getOrganisation({ 'accept-language': 'ksh' });
    expect(german.fields[0]!.label).toBe('Vorname');

    const french = await getOrganisation({ 'accept-language': 'nl' }, '?language=fr');
    expect(french.fields[0]!.label).toBe('Prénom');

    const unknown = await getOrganisation({ 'accept-language': 'xx' });
    expect(unknown.fields[0]!.label).toBe('First name');
  });

  it('falls back to the default language for a label or option missing in the asked one', async () => {
    const [field] = await shop.db
      .insert(customerFields)
      .values({
        name: 'favourite_animal',
        type: 'DROPDOWN',
        sort: 99,
        texts: { en: { label: 'Favourite animal' }, nl: {} },
        options: [{ value: 'otter', labels: { en: 'Otter', de: 'Fischotter' } }],
      })
      .returning();
    const dutch = await getOrganisation({ 'accept-language': 'nl' });
    const added = dutch.fields.find((candidate) => candidate.id === field!.id);
    expect(added?.label).toBe('Favourite animal');
    expect(added?.options).toEqual([{ value: 'otter', label: 'Otter' }]);
    await shop.db.delete(customerFields).where(eq(customerFields.id, field!.id));
  });

  it('counts only served categories', async () => {
    const [draft] = await shop.db.select().from(categories).where(eq(categories.slug, 'winter-lights'));
    expect(draft?.state).toBe('DRAFT');
    await shop.db.update(categories).set({ state: 'INVISIBLE' }).where(eq(categories.id, draft!.id));
    expect((await getOrganisation()).shop.categories).toBe(4);
    await shop.db.update(categories).set({ state: 'DRAFT' }).where(eq(categories.id, draft!.id));
    expect((await getOrganisation()).shop.categories).toBe(3);
  });
});
