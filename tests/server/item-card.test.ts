import { describe, expect, it } from 'vitest';
import { toCardBase, toItemCard } from '../../server/modules/catalogue/item-card.ts';

const reading = { language: 'nl', fallback: 'en' } as const;

describe('toItemCard', () => {
  it('reads the texts in the language, field by field falling back, and sanitises the description', () => {
    const row = {
      id: 4,
      slug: 'canal-tour',
      image: null,
      state: 'PUBLISHED' as const,
      texts: { en: { title: 'Canal tour', description: '<p>By boat</p><script>alert(1)</script>', label: 'New' }, nl: { title: 'Rondvaart' } },
    };
    expect(toItemCard(row, reading)).toEqual({
      id: 4,
      slug: 'canal-tour',
      title: 'Rondvaart',
      description: '<p>By boat</p>',
      image: null,
      label: 'New',
      state: 'PUBLISHED',
    });
  });

  it('answers an empty title, and null for a missing description and a blank label', () => {
    const row = { id: 5, slug: 'x', image: 'x.jpg', state: 'INVISIBLE' as const, texts: { en: { label: '  ' } } };
    expect(toItemCard(row, reading)).toMatchObject({ title: '', description: null, label: null });
  });
});

describe('toCardBase', () => {
  it('is the card without label and state, as a category shows it', () => {
    const card = toCardBase({ id: 2, slug: 'tours', image: 'tours.jpg', texts: { nl: { title: 'Tochten', description: '<b>Buiten</b>' } } }, reading);
    expect(card).toEqual({ id: 2, slug: 'tours', title: 'Tochten', description: '<b>Buiten</b>', image: 'tours.jpg' });
  });
});
