/** Gift vouchers: what is sold (vouchers and their values) and what was issued (gift cards). */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from './catalogue.ts';
import { createdAt, id, texts, type StateColumn } from './columns.ts';

export const vouchers = pgTable(
  'vouchers',
  {
    id: id(),
    slug: text('slug').notNull(),
    state: text('state').$type<StateColumn>().notNull().default('PUBLISHED'),
    sort: integer('sort').notNull().default(0),
    image: text('image'),
    minQuantity: integer('min_quantity').notNull().default(1),
    maxQuantity: integer('max_quantity').notNull().default(10),
    showEndTime: boolean('show_end_time').notNull().default(false),
    /** Validity of an issued gift card; null: it never expires. */
    validityDays: integer('validity_days'),
    texts: texts<{ title: string; description: string; label: string }>(),
    /** Moves on with every back-office save (a stale edit is refused: CATALOGUE_STALE_EDIT). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('vouchers_state', sql`${t.state} in ('DRAFT','INVISIBLE','PUBLISHED','ARCHIVED')`),
    check('vouchers_quantities', sql`${t.minQuantity} >= 0 and ${t.maxQuantity} >= ${t.minQuantity}`),
  ],
);

export const voucherValues = pgTable(
  'voucher_values',
  {
    id: id(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    /** Stock left; null: unlimited. */
    availability: integer('availability'),
    sort: integer('sort').notNull().default(0),
    texts: texts<{ name: string; description: string }>(),
  },
  (t) => [
    check('voucher_values_price', sql`${t.priceCents} > 0`),
    check('voucher_values_availability', sql`${t.availability} is null or ${t.availability} >= 0`),
  ],
);

/** An issued gift card: a code with credit, redeemable as a discount and checkable at /voucher-check. */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: id(),
    /** Stored upper-case. */
    code: text('code').notNull(),
    voucherId: integer('voucher_id').references(() => vouchers.id, { onDelete: 'set null' }),
    creditCents: integer('credit_cents').notNull(),
    /** null: non-expiring. */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** The order that bought it, when sold through the shop. */
    orderId: integer('order_id'),
    /** The credit it was issued with. */
    valueCents: integer('value_cents'),
    /** The order line (a voucher value) it was issued for, and which of that line's cards it is: issued once. */
    orderLineId: integer('order_line_id'),
    serial: integer('serial'),
    /** The secret of its printable page (/gift-card/{hash}), which the buyer may forward. */
    pageHash: text('page_hash'),
    /** Voided by a staff member: its credit is 0 and stays so. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gift_cards_code').on(t.code),
    uniqueIndex('gift_cards_order_line_serial').on(t.orderLineId, t.serial),
    uniqueIndex('gift_cards_page_hash').on(t.pageHash),
    index('gift_cards_order').on(t.orderId),
    check('gift_cards_credit', sql`${t.creditCents} >= 0`),
  ],
);

export const categoryVouchers = pgTable(
  'category_vouchers',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.voucherId] })],
);

/**
 * A staff member's change of a gift card's credit (issued by hand, adjusted with a reason, voided):
 * the back office's gift-card desk (server/modules/vouchers/gift-card-desk.ts), written with the
 * credit change and the audit row in one transaction.
 */
export const giftCardAdjustments = pgTable(
  'gift_card_adjustments',
  {
    id: id(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    /** ISSUE, ADJUST or VOID. */
    kind: text('kind').$type<'ISSUE' | 'ADJUST' | 'VOID'>().notNull(),
    deltaCents: integer('delta_cents').notNull(),
    reason: text('reason').notNull(),
    /** staff_accounts.id */
    staffId: integer('staff_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('gift_card_adjustments_card').on(t.giftCardId, t.id), check('gift_card_adjustments_kind', sql`${t.kind} in ('ISSUE','ADJUST','VOID')`)],
);
