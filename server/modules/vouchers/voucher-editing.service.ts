/**
 * The back office's voucher editing: a voucher (gift cards on sale) with its values and their stock,
 * and its categories. A save is ONE transaction that checks what it refers to, writes and records its
 * audit row (`audit`, the staff module's recordAudit); one carrying an older version changes nothing
 * (409 CATALOGUE_STALE_EDIT); a value already sold cannot be removed (its stock can go to 0). Texts
 * are cleaned like the catalogue's (the organisation module's cleanTexts). Saves move the catalogue
 * version (statement triggers of migration 0022).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { VoucherEditorInput, VoucherEditorView } from '#domain/backoffice/sales-editor.ts';
import { toAmount, toCents } from '#domain/money.ts';
import type { Database, Executor } from '../../db/client.ts';
import { categories, categoryVouchers, orderLines, voucherValues, vouchers } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import type { StaffActor, StaffAudit } from '../../staff-audit.ts';
import { checkReferences, slugTaken, staleEdit, unknownReference } from '../catalogue/index.ts';
import { cleanTexts, shopLanguages } from '../organisation/index.ts';

async function readVoucher(db: Executor, id: number): Promise<VoucherEditorView | null> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.id, id));
  if (!row) return null;
  const [valueRows, categoryRows] = await Promise.all([
    db.select().from(voucherValues).where(eq(voucherValues.voucherId, id)).orderBy(asc(voucherValues.sort), asc(voucherValues.id)),
    db.select().from(categoryVouchers).where(eq(categoryVouchers.voucherId, id)).orderBy(asc(categoryVouchers.categoryId)),
  ]);
  return {
    id: row.id,
    version: row.version,
    slug: row.slug,
    state: row.state,
    sort: row.sort,
    image: row.image,
    min_quantity: row.minQuantity,
    max_quantity: row.maxQuantity,
    validity_days: row.validityDays,
    texts: row.texts,
    values: valueRows.map((v) => ({ id: v.id, price: toAmount(v.priceCents), availability: v.availability, texts: v.texts })),
    category_ids: categoryRows.map((c) => c.categoryId),
  };
}

export function createVoucherEditing({ db, audit }: { db: Database; audit: StaffAudit }) {
  return {
    async listVouchers(): Promise<VoucherEditorView[]> {
      const rows = await db.select({ id: vouchers.id }).from(vouchers).orderBy(asc(vouchers.sort), asc(vouchers.id));
      const views = await Promise.all(rows.map((row) => readVoucher(db, row.id)));
      return views.filter((view): view is VoucherEditorView => view !== null);
    },

    async getVoucher(id: number): Promise<VoucherEditorView> {
      const view = await readVoucher(db, id);
      if (!view) throw notFound('No such voucher');
      return view;
    },

    async saveVoucher(actor: StaffActor, input: VoucherEditorInput, existing: { id: number; version: number } | null): Promise<VoucherEditorView> {
      return db.transaction(async (tx) => {
        const before = existing ? await readVoucher(tx, existing.id) : null;
        if (existing && !before) throw notFound('No such voucher');
        const shop = await shopLanguages(tx);
        const texts = cleanTexts(input.texts, shop, { html: ['description'], required: 'title' });
        const valueTexts = input.values.map((value) => cleanTexts(value.texts, shop, { html: ['description'], required: 'name' }));
        await checkReferences(tx, categories, input.category_ids, 'category_ids');
        const [taken] = await tx
          .select({ id: vouchers.id })
          .from(vouchers)
          .where(existing ? and(eq(vouchers.slug, input.slug), ne(vouchers.id, existing.id)) : eq(vouchers.slug, input.slug));
        if (taken) throw slugTaken();
        const keptIds = input.values.flatMap((value) => (value.id === null ? [] : [value.id]));
        const ownIds = new Set((before?.values ?? []).map((value) => value.id));
        if (keptIds.some((valueId) => !ownIds.has(valueId))) throw unknownReference('values');
        const removed = [...ownIds].filter((valueId) => !keptIds.includes(valueId));
        if (removed.length > 0) {
          const [sold] = await tx.select({ id: orderLines.id }).from(orderLines).where(inArray(orderLines.voucherValueId, removed)).limit(1);
          if (sold)
            throw new AppError('VOUCHER_VALUE_SOLD', 409, 'A value that was sold cannot be removed; set its stock to 0 instead', {
              fields: { values: 'sold' },
            });
        }
        const values = {
          slug: input.slug,
          state: input.state,
          sort: input.sort,
          image: input.image,
          minQuantity: input.min_quantity,
          maxQuantity: input.max_quantity,
          validityDays: input.validity_days,
          texts,
        };
        let id: number;
        if (!existing) id = (await tx.insert(vouchers).values(values).returning({ id: vouchers.id }))[0]!.id;
        else {
          const updated = await tx
            .update(vouchers)
            .set({ ...values, version: sql`${vouchers.version} + 1` })
            .where(and(eq(vouchers.id, existing.id), eq(vouchers.version, existing.version)))
            .returning({ id: vouchers.id });
          if (updated.length === 0) throw staleEdit('voucher');
          id = existing.id;
        }
        if (removed.length > 0) await tx.delete(voucherValues).where(inArray(voucherValues.id, removed));
        for (const [index, value] of input.values.entries()) {
          const columns = { priceCents: toCents(value.price), availability: value.availability, sort: index + 1, texts: valueTexts[index]! };
          if (value.id === null) await tx.insert(voucherValues).values({ voucherId: id, ...columns });
          else await tx.update(voucherValues).set(columns).where(eq(voucherValues.id, value.id));
        }
        await tx.delete(categoryVouchers).where(eq(categoryVouchers.voucherId, id));
        if (input.category_ids.length > 0)
          await tx.insert(categoryVouchers).values(input.category_ids.map((categoryId) => ({ categoryId, voucherId: id, sort: input.sort })));
        const after = (await readVoucher(tx, id))!;
        await audit(tx, {
          staffId: actor.staffId,
          action: existing ? 'voucher.update' : 'voucher.create',
          entity: 'voucher',
          entityId: id,
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type VoucherEditing = ReturnType<typeof createVoucherEditing>;
