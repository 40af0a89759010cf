import { describe, expect, it } from 'vitest';
import { enrichmentSchema } from '#domain/contracts/enrichment.schema.ts';
import { enrichmentOfLanding } from '#domain/enrichment.ts';
import { splitOrderFields } from '#domain/order/order-fields.ts';

describe('enrichmentOfLanding', () => {
  it('keeps the campaign parameters, the landing path and another site’s page without its query', () => {
    const landing = 'https://shop.example/product/1/aquarium?utm_source=newsletter&utm_medium=email&utm_campaign=%20spring%20&gclid=x&utm_term=';
    expect(enrichmentOfLanding(landing, 'https://news.example/issue/4?subscriber=ada@example.test#top')).toEqual({
      landing_path: '/product/1/aquarium',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      referrer: 'https://news.example/issue/4',
    });
  });

  it('leaves out a referrer of the shop itself, none, or one that is no web address', () => {
    for (const referrer of ['https://shop.example/faq', '', 'android-app://com.example', 'not a url'])
      expect(enrichmentOfLanding('https://shop.example/', referrer)).toEqual({ landing_path: '/' });
  });

  it('clips a campaign value to what the server takes, so what it captures always passes', () => {
    const captured = enrichmentOfLanding(`https://shop.example/?utm_content=${'x'.repeat(500)}`, `https://a.example/${'p'.repeat(2000)}`);
    expect(captured.utm_content).toHaveLength(200);
    expect(captured.referrer).toBeUndefined();
    expect(enrichmentSchema.safeParse(captured).success).toBe(true);
  });
});

describe('enrichmentSchema', () => {
  it.each([
    ['an unknown key', { utm_source: 'a', tracking_id: 'b' }],
    ['a value beyond 200 characters', { utm_campaign: 'c'.repeat(201) }],
    ['an empty value', { utm_source: '  ' }],
    ['a referrer that is not a web address', { referrer: 'javascript:alert(1)' }],
    ['a landing path that is not a path', { landing_path: 'https://elsewhere.example/' }],
    ['a nested value', { utm_source: { deep: 'x' } }],
  ])('refuses %s', (_name, given) => {
    expect(enrichmentSchema.safeParse(given).success).toBe(false);
  });
});

describe('splitOrderFields', () => {
  const customer = { first_name: 'Ada', last_name: 'L', email: 'ada@example.test', fields: { phone: '0612345678', visit_reason: 'school', diet: null } };
  it('puts the answers the products ask for top-level and keeps the customer’s own', () => {
    const definitions = [
      { name: 'phone', products: [] },
      { name: 'visit_reason', products: [5] },
      { name: 'diet', products: [5, 6] },
    ];
    expect(splitOrderFields(customer, definitions)).toEqual({
      customer: { ...customer, fields: { phone: '0612345678' } },
      fields: { visit_reason: 'school', diet: null },
    });
  });
  it('keeps an answer whose field the shop no longer lists with the customer', () => {
    expect(splitOrderFields(customer, []).fields).toEqual({});
  });
});
