/**
 * The demo shop's Dutch tax rules (src/domain/tax.ts): admission, passes and food for the animals at
 * the reduced 9 %, goods, services and the booking fee at the standard 21 %, donations outside VAT.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { additions, organisations, products, subscriptions, taxRules, upsells } from '../schema/index.ts';
import type { UpsellIds } from './demo-keys.ts';
import { onlyRow } from './keyed-rows.ts';

export async function seedTaxRules(db: Executor, { upsells: upsellIds }: { upsells: UpsellIds }): Promise<void> {
  const organisation = onlyRow(await db.select({ id: organisations.id }).from(organisations).limit(1));
  const [reduced, standard] = await db
    .insert(taxRules)
    .values([
      { organisationId: organisation.id, name: 'BTW 9 %', rateBp: 900, kind: 'STANDARD' },
      { organisationId: organisation.id, name: 'BTW 21 %', rateBp: 2100, kind: 'STANDARD' },
      { organisationId: organisation.id, name: 'Vrijgesteld', rateBp: 0, kind: 'EXEMPT' },
    ])
    .returning({ id: taxRules.id });
  if (!reduced || !standard) throw new Error('tax rules not seeded');
  await db.update(products).set({ taxRuleId: reduced.id });
  await db.update(subscriptions).set({ taxRuleId: reduced.id });
  await db.update(upsells).set({ taxRuleId: standard.id }).where(eq(upsells.upsellType, 'STANDARD'));
  await db.update(upsells).set({ taxRuleId: reduced.id }).where(eq(upsells.id, upsellIds['fish-food']));
  await db.update(additions).set({ taxRuleId: standard.id });
}
