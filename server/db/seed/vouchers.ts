/** The gift voucher, its values, and the two issued gift cards used by the balance check. */
import type { Executor } from '../client.ts';
import { giftCards, voucherValues, vouchers } from '../schema/index.ts';
import { addDays } from './calendar-days.ts';
import { VOUCHER_SLUGS, type VoucherIds } from './demo-keys.ts';
import { idsByKey } from './keyed-rows.ts';
import { VOUCHER_TEXTS, VOUCHER_VALUE_TEXTS } from './texts/vouchers.ts';

const GIFT_CARD_VALIDITY_DAYS = 365;

/** Stock left per value; null: unlimited. */
const GIFT_VOUCHER_VALUES = [
  { priceCents: 2500, availability: null },
  { priceCents: 5000, availability: 100 },
  { priceCents: 10000, availability: 3 },
] as const;

export async function seedVouchers(db: Executor, { today }: { today: string }): Promise<VoucherIds> {
  const rows = await db
    .insert(vouchers)
    .values(
      VOUCHER_SLUGS.map((slug, index) => ({
        slug,
        sort: (index + 1) * 10,
        image: `/images/${slug}.svg`,
        minQuantity: 1,
        maxQuantity: 10,
        validityDays: GIFT_CARD_VALIDITY_DAYS,
        texts: VOUCHER_TEXTS[slug],
      })),
    )
    .returning({ id: vouchers.id, key: vouchers.slug });
  const voucherIds = idsByKey(VOUCHER_SLUGS, rows);

  await db.insert(voucherValues).values(
    GIFT_VOUCHER_VALUES.map(({ priceCents, availability }, index) => ({
      voucherId: voucherIds['gift-voucher'],
      priceCents,
      availability,
      sort: index + 1,
      texts: VOUCHER_VALUE_TEXTS[priceCents],
    })),
  );

  await db.insert(giftCards).values([
    { code: 'GIFT-DEMO-2500', voucherId: voucherIds['gift-voucher'], creditCents: 2500, expiresOn: addDays(today, GIFT_CARD_VALIDITY_DAYS) },
    { code: 'GIFT-DEMO-FOREVER', voucherId: voucherIds['gift-voucher'], creditCents: 4000, expiresOn: null },
  ]);
  return voucherIds;
}
