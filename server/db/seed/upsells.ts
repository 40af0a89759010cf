/** Extras sold next to a product or subscription. */
import type { Executor } from '../client.ts';
import { upsells } from '../schema/index.ts';
import { UPSELL_KEYS, type UpsellIds, type UpsellKey } from './demo-keys.ts';
import { onlyRow } from './keyed-rows.ts';
import { UPSELL_TEXTS } from './texts/upsells.ts';

type UpsellRow = Omit<typeof upsells.$inferInsert, 'id' | 'texts'>;

const UPSELLS: Record<UpsellKey, UpsellRow> = {
  'audio-guide': { upsellType: 'STANDARD', priceCents: 400, image: '/images/audio-guide.svg' },
  'fish-food': { upsellType: 'STANDARD', priceCents: 250, image: '/images/fish-food.svg' },
  // A donation starts at nothing and moves in steps; its quantity is 1 once the amount is above 0.
  'sea-turtles': { upsellType: 'DONATION', priceCents: 0, maxQuantity: 1, donationStepCents: 500, image: '/images/sea-turtle.svg' },
  'penguin-photo': { upsellType: 'STANDARD', priceCents: 800, image: '/images/penguin-photo.svg' },
  'parking-pass': { upsellType: 'STANDARD', priceCents: 3000, image: '/images/parking-pass.svg' },
};

export async function seedUpsells(db: Executor): Promise<UpsellIds> {
  const ids = {} as UpsellIds;
  for (const key of UPSELL_KEYS) {
    const row = onlyRow(
      await db
        .insert(upsells)
        .values({ ...UPSELLS[key], texts: UPSELL_TEXTS[key] })
        .returning({ id: upsells.id }),
    );
    ids[key] = row.id;
  }
  return ids;
}
