/** Upsell rows → `Upsell`. */
import type { Upsell } from '#domain/contracts/catalogue.ts';
import { toAmount } from '#domain/money.ts';
import { orNull, textsIn, type Reading } from '../reading.ts';
import type { UpsellRow } from './upsell.repo.ts';

export function toUpsell(row: UpsellRow, reading: Reading): Upsell {
  const texts = textsIn(row.texts, reading);
  return {
    id: row.id,
    title: texts.title ?? '',
    description: orNull(texts.description),
    image: row.image,
    price: toAmount(row.priceCents),
    max_quantity: row.maxQuantity,
    upsell_type: row.upsellType,
    donation_step: row.upsellType === 'DONATION' && row.donationStepCents !== null ? toAmount(row.donationStepCents) : null,
  };
}
