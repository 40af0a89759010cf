/**
 * What every back-office save of the catalogue, and of the goods sold beside it (subscriptions,
 * vouchers, coupons), checks before it writes: that what it refers to exists, that its slug is free,
 * that nobody saved since it was read; and the refusals it answers then.
 */
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { violatesUnique } from '../../db/unique-violation.ts';
import { AppError } from '../../errors.ts';

export const staleEdit = (what: string) =>
  new AppError('CATALOGUE_STALE_EDIT', 409, `This ${what} was changed by someone else since you opened it; reload it and make your change again`);
export const slugTaken = () => new AppError('CATALOGUE_SLUG_TAKEN', 409, 'Another entry already uses this slug', { fields: { slug: 'taken' } });
export const unknownReference = (field: string) =>
  new AppError('CATALOGUE_REFERENCE_UNKNOWN', 400, `Something listed in ${field} does not exist`, { fields: { [field]: 'unknown' } });

/** Refuses (CATALOGUE_REFERENCE_UNKNOWN, naming `field`) unless every id is a row of `table`. */
export async function checkReferences(tx: Executor, table: PgTable & { id: PgColumn }, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...ids]));
  if (found.length !== new Set(ids).size) throw unknownReference(field);
}

/** Runs a save; a slug that a concurrent save took first (unique `constraint`) is refused like one found taken. */
export async function withSlugGuard<T>(constraint: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (violatesUnique(error, constraint)) throw slugTaken();
    throw error;
  }
}
