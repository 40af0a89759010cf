/** Voucher queries: one voucher with its values, and lists of cards. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CatalogueState } from '#domain/catalogue-state.ts';
import type { Executor } from '../../../db/client.ts';
import { voucherValues, vouchers } from '../../../db/schema/index.ts';
import { SERVED_STATES } from '../served-states.ts';

export type VoucherRow = typeof vouchers.$inferSelect & {
  /** The lowest value, the "from" price of a card; null without values. */
  fromPriceCents: number | null;
};
export type VoucherValueRow = typeof voucherValues.$inferSelect;

const fromPriceCents = sql<number | null>`(
  select min(${voucherValues.priceCents}) from ${voucherValues} where ${voucherValues.voucherId} = ${vouchers.id})`;

function withFromPrice(row: { voucher: typeof vouchers.$inferSelect; fromPriceCents: number | null }): VoucherRow {
  return { ...row.voucher, fromPriceCents: row.fromPriceCents === null ? null : Number(row.fromPriceCents) };
}

export async function findServedVoucher(db: Executor, id: number): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select({ voucher: vouchers, fromPriceCents })
    .from(vouchers)
    .where(and(eq(vouchers.id, id), inArray(vouchers.state, [...SERVED_STATES])))
    .limit(1);
  return row && withFromPrice(row);
}

/** Vouchers in the given states, optionally only some ids, in shop order. */
export async function listVouchers(db: Executor, filter: { states: readonly CatalogueState[]; ids?: readonly number[] }): Promise<VoucherRow[]> {
  if (filter.ids?.length === 0) return [];
  const conditions = [inArray(vouchers.state, [...filter.states])];
  if (filter.ids) conditions.push(inArray(vouchers.id, [...filter.ids]));
  const rows = await db
    .select({ voucher: vouchers, fromPriceCents })
    .from(vouchers)
    .where(and(...conditions))
    .orderBy(asc(vouchers.sort), asc(vouchers.id));
  return rows.map(withFromPrice);
}

export function listVoucherValues(db: Executor, voucherId: number): Promise<VoucherValueRow[]> {
  return db
    .select()
    .from(voucherValues)
    .where(eq(voucherValues.voucherId, voucherId))
    .orderBy(asc(voucherValues.sort), asc(voucherValues.priceCents), asc(voucherValues.id));
}
