/** The catalogue editor's shared rules (src/domain/backoffice/catalogue-editor.ts), as the form and the API apply them. */
import { describe, expect, it } from 'vitest';
import { checkTranslations, MAX_PRICE_CENTS, productEditorSchema, upsellEditorSchema } from '#domain/backoffice/catalogue-editor.ts';

const base = { slug: 'sea-lion-show', price_type: 'FIXED', texts: { en: { title: 'Sea lions' } } };

function rules(input: unknown): Record<string, string> {
  const result = productEditorSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [
      issue.path.join('.'),
      issue.code === 'custom' ? String((issue as { params?: { rule?: string } }).params?.rule) : issue.code,
    ]),
  );
}

describe('product editor rules', () => {
  it('accepts a minimal product and fills the defaults', () => {
    const parsed = productEditorSchema.parse(base);
    expect(parsed).toMatchObject({ state: 'DRAFT', visible: true, min_quantity: 1, max_quantity: 20, audiences: [], price: 0 });
  });

  it('bounds money: not below zero, not above the limit, whole cents', () => {
    expect(rules({ ...base, price: -0.01 })).toEqual({ price: 'too_small' });
    expect(rules({ ...base, price: MAX_PRICE_CENTS / 100 })).toEqual({});
    expect(rules({ ...base, price: MAX_PRICE_CENTS / 100 + 0.01 })).toEqual({ price: 'too_big' });
    expect(rules({ ...base, price: 0.125 })).toEqual({ price: 'whole_cents' });
    expect(rules({ ...base, price: 19.99 })).toEqual({});
  });

  it('refuses min above max for the product and each audience, and the same audience twice', () => {
    expect(rules({ ...base, min_quantity: 3, max_quantity: 2 })).toEqual({ max_quantity: 'min_above_max' });
    expect(
      rules({
        ...base,
        audiences: [
          { audience_id: 1, price: 1, min_quantity: 2, max_quantity: 1 },
          { audience_id: 1, price: 1 },
        ],
      }),
    ).toEqual({ 'audiences.0.max_quantity': 'min_above_max', 'audiences.1': 'duplicate' });
  });

  it('refuses audience pricing without audiences, and slugs that are not URL-safe', () => {
    expect(rules({ ...base, price_type: 'AUDIENCE' })).toEqual({ audiences: 'required_for_audience_price' });
    expect(Object.keys(rules({ ...base, slug: 'Sea Lions' }))).toEqual(['slug']);
    expect(Object.keys(rules({ ...base, slug: 'sea--lions' }))).toEqual(['slug']);
  });

  it('gives a donation step to donations only', () => {
    expect(upsellEditorSchema.safeParse({ price: 1, donation_step: 1, texts: {} }).success).toBe(false);
    expect(upsellEditorSchema.safeParse({ upsell_type: 'DONATION', price: 0, donation_step: 2.5, texts: {} }).success).toBe(true);
  });
});

describe('translations', () => {
  it("needs the default language's required text and refuses languages the shop does not offer", () => {
    expect(checkTranslations({ en: { title: 'Sea lions' }, nl: { title: 'Zeeleeuwen' } }, ['en', 'nl'], 'en', 'title')).toEqual({});
    expect(checkTranslations({ nl: { title: 'Zeeleeuwen' } }, ['en', 'nl'], 'en', 'title')).toEqual({ 'texts.en.title': 'default_language_missing' });
    expect(checkTranslations({ en: { title: 'x' }, fr: { title: 'y' } }, ['en', 'nl'], 'en', 'title')).toEqual({ 'texts.fr': 'language_not_offered' });
  });
});
