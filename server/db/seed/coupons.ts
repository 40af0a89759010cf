/** The demo coupons (docs/demo-shop.md, Coupons). */
import type { Executor } from '../client.ts';
import { coupons } from '../schema/index.ts';
import { addDays } from './calendar-days.ts';

/** Midnight UTC of a calendar day: precise enough for validity windows that end weeks ago. */
function startOf(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export async function seedCoupons(db: Executor, { today }: { today: string }): Promise<void> {
  // PERCENTAGE values are basis points (10% = 1000); FIXED values are cents per discounted ticket.
  await db.insert(coupons).values([
    { code: 'SUMMER10', discountType: 'PERCENTAGE', value: 1000 },
    { code: 'FIVEOFF', discountType: 'FIXED', value: 500 },
    { code: 'FAMILY25', discountType: 'PERCENTAGE', value: 2500, maxTicketAmount: 2 },
    { code: 'EXPIRED', discountType: 'PERCENTAGE', value: 1500, validFrom: startOf(addDays(today, -120)), validUntil: startOf(addDays(today, -30)) },
    { code: 'USEDUP', discountType: 'PERCENTAGE', value: 2000, usageLimit: 1, usedCount: 1 },
  ]);
}
