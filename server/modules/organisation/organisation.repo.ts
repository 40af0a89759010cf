/** Queries behind GET /api/organisation. */
import { asc, count, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { additions, categories, customerFields, organisations } from '../../db/schema/index.ts';
import { CATALOGUE_STATES, isServedState } from '#domain/catalogue-state.ts';

export type OrganisationRow = typeof organisations.$inferSelect;
export type CustomerFieldRow = typeof customerFields.$inferSelect;
export type AdditionRow = typeof additions.$inferSelect;

/** One database serves one shop: the first (and only) organisation row. */
export async function findOrganisation(db: Executor): Promise<OrganisationRow | undefined> {
  const [row] = await db.select().from(organisations).orderBy(organisations.id).limit(1);
  return row;
}

export function listCustomerFields(db: Executor): Promise<CustomerFieldRow[]> {
  return db.select().from(customerFields).orderBy(asc(customerFields.sort), asc(customerFields.id));
}

export function listAdditions(db: Executor): Promise<AdditionRow[]> {
  return db.select().from(additions).orderBy(asc(additions.type), asc(additions.id));
}

/** Categories reachable by id (the domain's isServedState, as the catalogue module filters them). */
export async function countServedCategories(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(categories)
    .where(inArray(categories.state, CATALOGUE_STATES.filter(isServedState)));
  return row?.total ?? 0;
}
