/**
 * Fills an empty database with the demo shop of docs/demo-shop.md. Runs at start-up (under the
 * start-up lock); it seeds only when there is no organisation yet, and does so in one transaction
 * so a failed seed leaves nothing half-made.
 */
import type { Database } from '../client.ts';
import { organisations } from '../schema/index.ts';
import { seedAudiences } from './audiences.ts';
import { seedCategories } from './categories.ts';
import { seedCoupons } from './coupons.ts';
import { seedCustomerFields } from './customer-fields.ts';
import { seedDemoClient } from './demo-client.ts';
import { seedDemoStaff } from './demo-staff.ts';
import { seedOrganisation } from './organisation.ts';
import { extendDemoPlots, markFirstSeedPlots } from './plots.ts';
import { seedProducts } from './products.ts';
import { seedSubscriptions } from './subscriptions.ts';
import { seedTaxRules } from './tax-rules.ts';
import { seedUpsells } from './upsells.ts';
import { seedVouchers } from './vouchers.ts';

export { extendDemoPlots } from './plots.ts';

/** `today` is the calendar day in the organisation's timezone (see todayIn). */
export async function seedDemoShop(db: Database, { today }: { today: string }): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    if ((await tx.$count(organisations)) > 0) return { seeded: false };

    await seedOrganisation(tx);
    const audiences = await seedAudiences(tx);
    const upsells = await seedUpsells(tx);
    const products = await seedProducts(tx, { audiences, upsells });
    const subscriptions = await seedSubscriptions(tx, { audiences, upsells, products });
    const vouchers = await seedVouchers(tx, { today });
    await seedCategories(tx, { products, subscriptions, vouchers });
    await seedCoupons(tx, { today });
    const fields = await seedCustomerFields(tx, { products });
    await seedDemoClient(tx, { today, fields, subscriptions, audiences });
    await seedDemoStaff(tx);
    await seedTaxRules(tx, { upsells });

    await extendDemoPlots(tx, { today });
    await markFirstSeedPlots(tx, { today });
    return { seeded: true };
  });
}
