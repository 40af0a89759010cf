/** Discount coupons and their use. */
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customerGroups } from './clients.ts';
import { createdAt, id } from './columns.ts';
import { orders } from './orders.ts';

export type CouponDiscountType = 'PERCENTAGE' | 'FIXED';

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    /** Stored upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    discountType: text('discount_type').$type<CouponDiscountType>().notNull(),
    /** PERCENTAGE: basis points (1000 = 10%); FIXED: cents per discounted ticket. */
    value: integer('value').notNull(),
    /** Caps how many tickets receive the discount; null: all. */
    maxTicketAmount: integer('max_ticket_amount'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** How many orders may use it; null: unlimited. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** Products / subscriptions it applies to; empty: all. */
    products: jsonb('products').$type<number[]>().notNull().default([]),
    subscriptions: jsonb('subscriptions').$type<number[]>().notNull().default([]),
    /** Only the signed-in members of this customer group may use it (docs/decisions/0016); null: every client. */
    customerGroupId: integer('customer_group_id').references(() => customerGroups.id, { onDelete: 'restrict' }),
    /** Moves on with every back-office save (a stale edit is refused: CATALOGUE_STALE_EDIT). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code').on(t.code),
    check('coupons_discount_type', sql`${t.discountType} in ('PERCENTAGE','FIXED')`),
    check('coupons_value', sql`${t.value} > 0 and (${t.discountType} <> 'PERCENTAGE' or ${t.value} <= 10000)`),
    check('coupons_usage', sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    discountCents: integer('discount_cents').notNull(),
    /** Set when the order's checkout failed or expired and the use was given back; cleared if a late payment takes it again. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.orderId] })],
);
