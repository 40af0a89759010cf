/**
 * The back office's sales set-up (issue 20 item 3): coupons, subscriptions (passes) and vouchers (gift
 * cards on sale), edited with the catalogue editor's rules: every save is ONE transaction that checks
 * what it refers to, writes and records its audit row; a save carrying an older version changes
 * nothing (409 CATALOGUE_STALE_EDIT); texts are cleaned like the catalogue's (editor-texts.ts).
 * Saves move the catalogue version (statement triggers of migration 0022) so kept pages and
 * checkouts priced earlier see the change. Coupon codes are stored as the storefront looks them up
 * (couponCodeKey), and no coupon may share its code with a gift card (the shop resolves a typed code
 * as either).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  couponCodeKey,
  editorCouponValue,
  storedCouponValue,
  type CouponEditorInput,
  type CouponEditorView,
  type SubscriptionEditorInput,
  type SubscriptionEditorView,
  type VoucherEditorInput,
  type VoucherEditorView,
} from '#domain/backoffice/sales-editor.ts';
import { toAmount, toCents } from '#domain/money.ts';
import type { Database, Executor } from '../../db/client.ts';
import {
  audiences,
  categories,
  categorySubscriptions,
  categoryVouchers,
  coupons,
  customerGroups,
  giftCards,
  orderLines,
  products,
  subscriptionAudiences,
  subscriptionProducts,
  subscriptions,
  voucherValues,
  vouchers,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordAudit } from '../staff/index.ts';
import { shopLanguages, type EditorActor } from './catalogue-editor.service.ts';
import { violatesUnique } from './db-errors.ts';
import { cleanTexts } from './editor-texts.ts';

type Existing = { id: number; version: number } | null;

const staleEdit = (what: string) =>
  new AppError('CATALOGUE_STALE_EDIT', 409, `This ${what} was changed by someone else since you opened it; reload it and make your change again`);
const slugTaken = () => new AppError('CATALOGUE_SLUG_TAKEN', 409, 'Another entry already uses this slug', { fields: { slug: 'taken' } });
const codeTaken = () => new AppError('COUPON_CODE_TAKEN', 409, 'Another coupon or a gift card already uses this code', { fields: { code: 'taken' } });
const unknownReference = (field: string) =>
  new AppError('CATALOGUE_REFERENCE_UNKNOWN', 400, `Something listed in ${field} does not exist`, { fields: { [field]: 'unknown' } });

type IdTable = typeof audiences | typeof products | typeof categories | typeof subscriptions | typeof customerGroups;

async function checkIds(tx: Executor, table: IdTable, ids: readonly number[], field: string) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...ids]));
  if (found.length !== new Set(ids).size) throw unknownReference(field);
}

/* ---------- views ---------- */

function couponView(row: typeof coupons.$inferSelect): CouponEditorView {
  return {
    id: row.id,
    version: row.version,
    code: row.code,
    discount_type: row.discountType,
    value: row.discountType === 'PERCENTAGE' ? editorCouponValue(row.value) : toAmount(row.value),
    max_tickets: row.maxTicketAmount,
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
    customer_group_id: row.customerGroupId,
    product_ids: row.products,
    subscription_ids: row.subscriptions,
  };
}

async function readSubscription(db: Executor, id: number): Promise<SubscriptionEditorView | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) return null;
  const [audienceRows, productRows, categoryRows] = await Promise.all([
    db.select().from(subscriptionAudiences).where(eq(subscriptionAudiences.subscriptionId, id)).orderBy(asc(subscriptionAudiences.sort)),
    db.select().from(subscriptionProducts).where(eq(subscriptionProducts.subscriptionId, id)).orderBy(asc(subscriptionProducts.productId)),
    db.select().from(categorySubscriptions).where(eq(categorySubscriptions.subscriptionId, id)).orderBy(asc(categorySubscriptions.categoryId)),
  ]);
  return {
    id: row.id,
    version: row.version,
    slug: row.slug,
    state: row.state,
    type: row.type,
    sort: row.sort,
    image: row.image,
    redemptions: row.redemptions,
    validity_days: row.validityDays,
    customer_group_id: row.customerGroupId,
    texts: row.texts,
    audiences: audienceRows.map((a) => ({ audience_id: a.audienceId, price: toAmount(a.priceCents) })),
    product_ids: productRows.map((p) => p.productId),
    category_ids: categoryRows.map((c) => c.categoryId),
  };
}

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

/* ---------- the service ---------- */

export function createSalesEditorService({ db }: { db: Database }) {
  return {
    /* coupons */

    async listCoupons(): Promise<CouponEditorView[]> {
      const rows = await db.select().from(coupons).orderBy(asc(coupons.code));
      return rows.map(couponView);
    },

    async getCoupon(id: number): Promise<CouponEditorView> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
      if (!row) throw notFound('No such coupon');
      return couponView(row);
    },

    async saveCoupon(actor: EditorActor, input: CouponEditorInput, existing: Existing): Promise<CouponEditorView> {
      const code = couponCodeKey(input.code);
      try {
        return await db.transaction(async (tx) => {
          let before: CouponEditorView | null = null;
          if (existing) {
            const [current] = await tx.select().from(coupons).where(eq(coupons.id, existing.id)).for('update');
            if (!current) throw notFound('No such coupon');
            if (current.version !== existing.version) throw staleEdit('coupon');
            before = couponView(current);
            if (input.usage_limit !== null && input.usage_limit < current.usedCount) {
              const info = `This coupon was used ${current.usedCount} times already; its limit cannot be lower.`;
              throw new AppError('COUPON_LIMIT_BELOW_USES', 409, info, { errorInfo: String(current.usedCount), fields: { usage_limit: 'below_uses' } });
            }
          }
          if (input.customer_group_id !== null) await checkIds(tx, customerGroups, [input.customer_group_id], 'customer_group_id');
          await checkIds(tx, products, input.product_ids, 'product_ids');
          await checkIds(tx, subscriptions, input.subscription_ids, 'subscription_ids');
          const [taken] = await tx
            .select({ id: coupons.id })
            .from(coupons)
            .where(existing ? and(eq(coupons.code, code), ne(coupons.id, existing.id)) : eq(coupons.code, code));
          const [card] = await tx.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.code, code));
          if (taken || card) throw codeTaken();
          const values = {
            code,
            discountType: input.discount_type,
            value: storedCouponValue(input.value),
            maxTicketAmount: input.max_tickets,
            usageLimit: input.usage_limit,
            validFrom: input.valid_from ? new Date(input.valid_from) : null,
            validUntil: input.valid_until ? new Date(input.valid_until) : null,
            customerGroupId: input.customer_group_id,
            products: input.product_ids,
            subscriptions: input.subscription_ids,
          };
          let id: number;
          if (!existing) id = (await tx.insert(coupons).values(values).returning({ id: coupons.id }))[0]!.id;
          else {
            const updated = await tx
              .update(coupons)
              .set({ ...values, version: sql`${coupons.version} + 1` })
              .where(and(eq(coupons.id, existing.id), eq(coupons.version, existing.version)))
              .returning({ id: coupons.id });
            if (updated.length === 0) throw staleEdit('coupon');
            id = existing.id;
          }
          const [row] = await tx.select().from(coupons).where(eq(coupons.id, id));
          const after = couponView(row!);
          await recordAudit(tx, {
            staffId: actor.staffId,
            action: existing ? 'coupon.update' : 'coupon.create',
            entity: 'coupon',
            entityId: id,
            before,
            after,
          });
          return after;
        });
      } catch (error) {
        if (violatesUnique(error, 'coupons_code')) throw codeTaken();
        throw error;
      }
    },

    async listCustomerGroups() {
      const rows = await db.select().from(customerGroups).orderBy(asc(customerGroups.id));
      return rows.map((row) => ({ id: row.id, texts: row.texts }));
    },

    /* subscriptions */

    async listSubscriptions(): Promise<SubscriptionEditorView[]> {
      const rows = await db.select({ id: subscriptions.id }).from(subscriptions).orderBy(asc(subscriptions.sort), asc(subscriptions.id));
      const views = await Promise.all(rows.map((row) => readSubscription(db, row.id)));
      return views.filter((view): view is SubscriptionEditorView => view !== null);
    },

    async getSubscription(id: number): Promise<SubscriptionEditorView> {
      const view = await readSubscription(db, id);
      if (!view) throw notFound('No such subscription');
      return view;
    },

    async saveSubscription(actor: EditorActor, input: SubscriptionEditorInput, existing: Existing): Promise<SubscriptionEditorView> {
      return db.transaction(async (tx) => {
        const before = existing ? await readSubscription(tx, existing.id) : null;
        if (existing && !before) throw notFound('No such subscription');
        const shop = await shopLanguages(tx);
        const texts = cleanTexts(input.texts, shop, { html: ['description'], required: 'title' });
        await checkIds(
          tx,
          audiences,
          input.audiences.map((a) => a.audience_id),
          'audiences',
        );
        await checkIds(tx, products, input.product_ids, 'product_ids');
        await checkIds(tx, categories, input.category_ids, 'category_ids');
        if (input.customer_group_id !== null) await checkIds(tx, customerGroups, [input.customer_group_id], 'customer_group_id');
        const [taken] = await tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(existing ? and(eq(subscriptions.slug, input.slug), ne(subscriptions.id, existing.id)) : eq(subscriptions.slug, input.slug));
        if (taken) throw slugTaken();
        const values = {
          slug: input.slug,
          state: input.state,
          type: input.type,
          sort: input.sort,
          image: input.image,
          redemptions: input.redemptions,
          validityDays: input.validity_days,
          customerGroupId: input.customer_group_id,
          texts,
        };
        let id: number;
        if (!existing) id = (await tx.insert(subscriptions).values(values).returning({ id: subscriptions.id }))[0]!.id;
        else {
          const updated = await tx
            .update(subscriptions)
            .set({ ...values, version: sql`${subscriptions.version} + 1` })
            .where(and(eq(subscriptions.id, existing.id), eq(subscriptions.version, existing.version)))
            .returning({ id: subscriptions.id });
          if (updated.length === 0) throw staleEdit('subscription');
          id = existing.id;
        }
        await tx.delete(subscriptionAudiences).where(eq(subscriptionAudiences.subscriptionId, id));
        await tx
          .insert(subscriptionAudiences)
          .values(input.audiences.map((a, index) => ({ subscriptionId: id, audienceId: a.audience_id, priceCents: toCents(a.price), sort: (index + 1) * 10 })));
        await tx.delete(subscriptionProducts).where(eq(subscriptionProducts.subscriptionId, id));
        if (input.product_ids.length > 0)
          await tx.insert(subscriptionProducts).values(input.product_ids.map((productId) => ({ subscriptionId: id, productId })));
        await tx.delete(categorySubscriptions).where(eq(categorySubscriptions.subscriptionId, id));
        if (input.category_ids.length > 0)
          await tx.insert(categorySubscriptions).values(input.category_ids.map((categoryId) => ({ categoryId, subscriptionId: id, sort: input.sort })));
        const after = (await readSubscription(tx, id))!;
        await recordAudit(tx, {
          staffId: actor.staffId,
          action: existing ? 'subscription.update' : 'subscription.create',
          entity: 'subscription',
          entityId: id,
          before,
          after,
        });
        return after;
      });
    },

    /* vouchers */

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

    async saveVoucher(actor: EditorActor, input: VoucherEditorInput, existing: Existing): Promise<VoucherEditorView> {
      return db.transaction(async (tx) => {
        const before = existing ? await readVoucher(tx, existing.id) : null;
        if (existing && !before) throw notFound('No such voucher');
        const shop = await shopLanguages(tx);
        const texts = cleanTexts(input.texts, shop, { html: ['description'], required: 'title' });
        const valueTexts = input.values.map((value) => cleanTexts(value.texts, shop, { html: ['description'], required: 'name' }));
        await checkIds(tx, categories, input.category_ids, 'category_ids');
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
        await recordAudit(tx, {
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

export type SalesEditorService = ReturnType<typeof createSalesEditorService>;
