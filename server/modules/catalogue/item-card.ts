/**
 * What catalogue cards show, read in one place: how a card's texts are read and that its description
 * is sanitised HTML. A category card has the base (id, slug, title, description, image); a product,
 * subscription or voucher card adds its label and state, mirroring `itemCard` in the catalogue schema.
 */
import type { ProductSummary } from '#domain/contracts/catalogue.ts';
import type { Translations } from '#domain/languages.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { orNull, textsIn, type Reading } from './reading.ts';

export type CardBase = Pick<ProductSummary, 'id' | 'slug' | 'title' | 'description' | 'image'>;
export type ItemCard = CardBase & Pick<ProductSummary, 'label' | 'state'>;

/** What a category, product, subscription or voucher row holds for its card. */
export interface CardBaseRow extends Pick<CardBase, 'id' | 'slug' | 'image'> {
  texts: Translations<{ title: string; description: string }>;
}

/** What a product, subscription or voucher row holds for its card. */
export interface ItemCardRow extends Pick<ItemCard, 'id' | 'slug' | 'image' | 'state'> {
  texts: Translations<{ title: string; description: string; label: string }>;
}

function cardBaseOf(row: CardBaseRow, texts: Partial<{ title: string; description: string }>): CardBase {
  return { id: row.id, slug: row.slug, title: texts.title ?? '', description: sanitizeHtml(texts.description), image: row.image };
}

export function toCardBase(row: CardBaseRow, reading: Reading): CardBase {
  return cardBaseOf(row, textsIn(row.texts, reading));
}

export function toItemCard(row: ItemCardRow, reading: Reading): ItemCard {
  const texts = textsIn(row.texts, reading);
  return { ...cardBaseOf(row, texts), label: orNull(texts.label), state: row.state };
}
