/** Product rows → `ProductSummary`, `Product` and `Audience`. Descriptions are HTML, sanitised with the card (item-card.ts). */
import type { Audience, Product, ProductSummary } from '#domain/contracts/catalogue.ts';
import { toAmount } from '#domain/money.ts';
import { toItemCard } from '../item-card.ts';
import { orNull, textsIn, type Reading } from '../reading.ts';
import { toUpsell } from '../upsells/upsell.mapper.ts';
import type { UpsellRow } from '../upsells/upsell.repo.ts';
import type { ProductAudienceRow, ProductRow } from './product.repo.ts';

export function toProductSummary(row: ProductRow, reading: Reading): ProductSummary {
  return {
    ...toItemCard(row, reading),
    visible: row.visible,
    price: toAmount(row.priceCents),
    full: false,
  };
}

export function toAudience(row: ProductAudienceRow, reading: Reading): Audience {
  const texts = textsIn(row.audience.texts, reading);
  return {
    id: row.audienceId,
    name: texts.name ?? '',
    description: orNull(texts.description),
    price: toAmount(row.priceCents),
    min_quantity: row.minQuantity,
    max_quantity: row.maxQuantity,
    fixed_quantity: row.fixedQuantity,
    group: row.audience.group,
    dependant: row.dependant,
    hidden: row.hidden,
  };
}

export interface ProductParts {
  product: ProductRow;
  audiences: ProductAudienceRow[];
  upsells: UpsellRow[];
  crossSells: ProductRow[];
  availability: number;
}

export function toProduct({ product, audiences, upsells, crossSells, availability }: ProductParts, reading: Reading): Product {
  const { full: _summary, ...summary } = toProductSummary(product, reading);
  return {
    ...summary,
    full: true,
    types: { price: product.priceType, capacity: product.capacityType },
    options: { days: product.hasDays, timeslots: product.hasTimeslots, audiences: product.hasAudiences },
    settings: { show_end_time: product.showEndTime, show_availability: product.showAvailability },
    min_quantity: product.minQuantity,
    max_quantity: product.maxQuantity,
    allow_reservations: product.allowReservations,
    availability,
    audiences: audiences.map((audience) => toAudience(audience, reading)),
    upsells: upsells.map((upsell) => toUpsell(upsell, reading)),
    cross_sells: crossSells.map((target) => toProductSummary(target, reading)),
    plots: [],
  };
}
