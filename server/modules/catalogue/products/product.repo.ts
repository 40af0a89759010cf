/** Product queries: one product with its audiences and cross-sells, and lists of product cards. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CatalogueState } from '#domain/catalogue-state.ts';
import type { Executor } from '../../../db/client.ts';
import { audiences, catalogueVersion, productAudiences, productCrossSells, products } from '../../../db/schema/index.ts';
import { SERVED_STATES } from '../served-states.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductAudienceRow = typeof productAudiences.$inferSelect & { audience: typeof audiences.$inferSelect };

/** The catalogue version now (db/schema catalogue_version); 0 without its row. */
export async function readCatalogueVersion(db: Executor): Promise<number> {
  const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion).limit(1);
  return row?.version ?? 0;
}

export async function findServedProduct(db: Executor, id: number): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), inArray(products.state, [...SERVED_STATES])))
    .limit(1);
  return row;
}

/** Every audience of the product, hidden ones included (the storefront leaves those out). */
export async function listProductAudiences(db: Executor, productId: number): Promise<ProductAudienceRow[]> {
  const rows = await db
    .select({ link: productAudiences, audience: audiences })
    .from(productAudiences)
    .innerJoin(audiences, eq(audiences.id, productAudiences.audienceId))
    .where(eq(productAudiences.productId, productId))
    .orderBy(asc(productAudiences.sort), asc(audiences.sort), asc(audiences.id));
  return rows.map(({ link, audience }) => ({ ...link, audience }));
}

/** Products in the given states, optionally only some ids, in shop order. */
export function listProducts(db: Executor, filter: { states: readonly CatalogueState[]; ids?: readonly number[] }): Promise<ProductRow[]> {
  if (filter.ids?.length === 0) return Promise.resolve([]);
  const conditions = [inArray(products.state, [...filter.states])];
  if (filter.ids) conditions.push(inArray(products.id, [...filter.ids]));
  return db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.sort), asc(products.id));
}

/** Cross-sell targets that can be served, in the order the shop set. */
export async function listCrossSells(db: Executor, productId: number): Promise<ProductRow[]> {
  const rows = await db
    .select({ product: products })
    .from(productCrossSells)
    .innerJoin(products, eq(products.id, productCrossSells.targetProductId))
    .where(and(eq(productCrossSells.productId, productId), inArray(products.state, [...SERVED_STATES])))
    .orderBy(asc(productCrossSells.sort), asc(products.id));
  return rows.map((row) => row.product);
}
