/**
 * The part of a summary that every catalogue item (product, subscription, voucher) shows on its card,
 * mirroring `itemCard` in the catalogue schema: one place decides how a card's texts are read and that
 * its description is sanitised HTML.
 */
import type { ProductSummary } from '../../../src/domain/contracts/catalogue.ts';
import type { Translations } from '../../../src/domain/languages.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { orNull, textsIn, type Reading } from './reading.ts';

export type ItemCard = Pick<ProductSummary, 'id' | 'slug' | 'title' | 'description' | 'image' | 'label' | 'state'>;

/** What a product, subscription or voucher row holds for its card. */
export interface ItemCardRow extends Pick<ItemCard, 'id' | 'slug' | 'image' | 'state'> {
  texts: Translations<{ title: string; description: string; label: string }>;
}

export function toItemCard(row: ItemCardRow, reading: Reading): ItemCard {
  const texts = textsIn(row.texts, reading);
  return {
    id: row.id,
    slug: row.slug,
    title: texts.title ?? '',
    description: sanitizeHtml(texts.description),
    image: row.image,
    label: orNull(texts.label),
    state: row.state,
  };
}
