/**
 * The back office's coupon editing. A save is ONE transaction that checks what it refers to
 * (customer group, products, subscriptions), writes and records its audit row (`audit`, the staff
 * module's recordAudit); one carrying an older version changes nothing (409 CATALOGUE_STALE_EDIT), and
 * a usage limit below the uses already taken is refused. Codes are stored as the storefront looks them
 * up (couponCodeKey), and no coupon may share its code with a gift card (the shop resolves a typed code
 * as either). Saves move the catalogue version (statement triggers of migration 0022).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { couponCodeKey, editorCouponValue, storedCouponValue, type CouponEditorInput, type CouponEditorView } from '#domain/backoffice/sales-editor.ts';
import { toAmount } from '#domain/money.ts';
import type { Database } from '../../db/client.ts';
import { coupons, customerGroups, giftCards, products, subscriptions } from '../../db/schema/index.ts';
import { violatesUnique } from '../../db/unique-violation.ts';
import { AppError, notFound } from '../../errors.ts';
import type { StaffActor, StaffAudit } from '../../staff-audit.ts';
import { checkReferences, staleEdit } from '../catalogue/index.ts';

const codeTaken = () => new AppError('COUPON_CODE_TAKEN', 409, 'Another coupon or a gift card already uses this code', { fields: { code: 'taken' } });

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

export function createCouponEditing({ db, audit }: { db: Database; audit: StaffAudit }) {
  return {
    async listCoupons(): Promise<CouponEditorView[]> {
      const rows = await db.select().from(coupons).orderBy(asc(coupons.code));
      return rows.map(couponView);
    },

    async getCoupon(id: number): Promise<CouponEditorView> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
      if (!row) throw notFound('No such coupon');
      return couponView(row);
    },

    async saveCoupon(actor: StaffActor, input: CouponEditorInput, existing: { id: number; version: number } | null): Promise<CouponEditorView> {
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
          if (input.customer_group_id !== null) await checkReferences(tx, customerGroups, [input.customer_group_id], 'customer_group_id');
          await checkReferences(tx, products, input.product_ids, 'product_ids');
          await checkReferences(tx, subscriptions, input.subscription_ids, 'subscription_ids');
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
          await audit(tx, {
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

    /** The customer groups a coupon may be kept for. */
    async listCustomerGroups() {
      const rows = await db.select().from(customerGroups).orderBy(asc(customerGroups.id));
      return rows.map((row) => ({ id: row.id, texts: row.texts }));
    },
  };
}

export type CouponEditing = ReturnType<typeof createCouponEditing>;
