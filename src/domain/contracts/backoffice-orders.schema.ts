/**
 * The orders desk's API (/api/backoffice/orders..., issue 21 item 1): the search's query and page,
 * an order's page (lines, customer, payments and refunds, mails, tickets and check-ins, timeline),
 * and the actions' bodies. Money at this edge: amounts with 2 decimals (src/domain/money.ts).
 */
import { z } from 'zod';
import { calendarDate } from './calendar-date.ts';
import { ORDER_SEARCH_MAX } from '../backoffice/order-search.ts';
import { historyEntrySchema } from './order-history.schema.ts';
import { customerSchema } from './orders.ts';
import { reservationCustomerSchema } from './reservation.schema.ts';

export const ORDER_STATUS_VALUES = ['PENDING', 'PAID', 'RESERVED', 'CANCELLED', 'EXPIRED', 'FAILED', 'REFUNDED'] as const;
export const PAYMENT_STATUS_VALUES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] as const;
const isoDay = calendarDate;

export const orderSearchQuerySchema = z.strictObject({
  q: z.string().max(ORDER_SEARCH_MAX).optional(),
  status: z
    .union([z.enum(ORDER_STATUS_VALUES), z.array(z.enum(ORDER_STATUS_VALUES)).max(7)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  payment: z.enum(PAYMENT_STATUS_VALUES).optional(),
  product: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  date_from: isoDay.optional(),
  date_to: isoDay.optional(),
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type OrderSearchQuery = z.infer<typeof orderSearchQuerySchema>;

export const foundOrderSchema = z.strictObject({
  id: z.number().int(),
  number: z.number().int(),
  hash: z.string(),
  kind: z.string(),
  status: z.enum(ORDER_STATUS_VALUES),
  payment_status: z.enum(PAYMENT_STATUS_VALUES).nullable(),
  gateway: z.string().nullable(),
  created_at: z.string(),
  name: z.string(),
  email: z.string(),
  product: z.string().nullable(),
  date: z.string().nullable(),
  time: z.string().nullable(),
  quantity: z.number().int(),
  total: z.number(),
  currency: z.string(),
  invoice: z.boolean(),
});
export const orderSearchPageSchema = z.strictObject({
  orders: z.array(foundOrderSchema),
  /** The id to ask `before` for the next page; null on the last page. */
  next_before: z.number().int().nullable(),
});
export type FoundOrder = z.infer<typeof foundOrderSchema>;
export type OrderSearchPage = z.infer<typeof orderSearchPageSchema>;

/**
 * One line of an order's timeline: a change from its history (who did what, the money moved), a refund carried out (or
 * given up) by the provider, a mail, a check-in.
 */
const timelineEntrySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('change'), at: z.string(), change: historyEntrySchema }),
  z.strictObject({ kind: z.literal('refund'), at: z.string(), status: z.enum(['done', 'failed']), amount: z.number() }),
  z.strictObject({ kind: z.literal('mail'), at: z.string(), subject: z.string(), sent: z.boolean() }),
  z.strictObject({ kind: z.literal('check-in'), at: z.string(), position: z.number().int() }),
]);

export const deskOrderSchema = z.strictObject({
  id: z.number().int(),
  number: z.number().int(),
  hash: z.string(),
  kind: z.string(),
  status: z.enum(ORDER_STATUS_VALUES),
  language: z.string(),
  created_at: z.string(),
  customer: reservationCustomerSchema,
  product: z.strictObject({ id: z.number().int(), title: z.string() }).nullable(),
  plot: z.strictObject({ id: z.number().int(), date: z.string(), start: z.string().nullable() }).nullable(),
  quantity: z.number().int(),
  lines: z.array(z.strictObject({ kind: z.string(), name: z.string(), quantity: z.number().int(), price: z.number() })),
  coupon_codes: z.array(z.string()),
  subtotal: z.number(),
  discount: z.number(),
  fee: z.number(),
  total: z.number(),
  currency: z.string(),
  invoice: z.boolean(),
  invoice_paid_at: z.string().nullable(),
  payment: z
    .strictObject({
      hash: z.string(),
      gateway: z.string(),
      status: z.enum(PAYMENT_STATUS_VALUES),
      amount: z.number(),
      provider_reference: z.string().nullable(),
    })
    .nullable(),
  refunds: z.array(
    z.strictObject({
      amount: z.number(),
      status: z.enum(['due', 'done', 'failed']),
      reason: z.string(),
      provider_reference: z.string().nullable(),
      this_order: z.boolean(),
      created_at: z.string(),
      done_at: z.string().nullable(),
    }),
  ),
  /** What a refund of this order may still give back through the gateway. */
  refundable: z.number(),
  tickets: z.array(z.strictObject({ position: z.number().int(), used_at: z.string().nullable(), refunded_at: z.string().nullable() })),
  mails: z.array(z.strictObject({ kind: z.string(), subject: z.string(), created_at: z.string(), sent_at: z.string().nullable() })),
  timeline: z.array(timelineEntrySchema),
});
export type DeskOrder = z.infer<typeof deskOrderSchema>;

const amount = z.number().min(0).max(1_000_000).multipleOf(0.01);

export const deskRefundBodySchema = z.strictObject({
  amount,
  tickets: z.array(z.number().int().positive().max(10_000)).max(1000).default([]),
  cancel: z.boolean().default(false),
  /** The desk's key of this click (a double click sends it twice: refunded once). */
  key: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
  reason: z.string().max(500).default(''),
});
export const deskRefundAnswerSchema = z.strictObject({
  done: z.boolean(),
  refunded: z.number(),
  tickets: z.array(z.number().int()),
  status: z.enum(ORDER_STATUS_VALUES),
});

export const deskMoveBodySchema = z.strictObject({ plot: z.number().int().positive().max(2_147_483_647) });
export const deskMovePlanSchema = z.strictObject({
  from_plot: z.number().int(),
  to_plot: z.number().int(),
  total: z.number(),
  new_total: z.number(),
  difference: z.number(),
});
export const deskCustomerBodySchema = z.strictObject({ customer: customerSchema });

/* The refund-requests inbox (issue 21 item 2). */
export const refundRequestSchema = z.strictObject({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  order_number: z.string(),
  comment: z.string().nullable(),
  language: z.string(),
  status: z.enum(['OPEN', 'ACCEPTED', 'DECLINED']),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  order: z.strictObject({ number: z.number().int(), status: z.string(), total: z.number(), currency: z.string(), same_email: z.boolean() }).nullable(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;
export const refundRequestDeclineBodySchema = z.strictObject({ reply: z.string().max(2000).default('') });

/* Gift cards, coupon uses and passes (issue 21 item 3). */
const signedMoney = z.number().min(-1_000_000).max(1_000_000).multipleOf(0.01);
/** Why a gift card was issued or changed: required (the card's history shows it). */
const reason = z.string().trim().min(1).max(500);
export const giftCardSchema = z.strictObject({
  code: z.string(),
  credit: z.number(),
  value: z.number().nullable(),
  expires_on: z.string().nullable(),
  voided_at: z.string().nullable(),
  sold_by_order: z.number().int().nullable(),
  created_at: z.string(),
});
export type DeskGiftCard = z.infer<typeof giftCardSchema>;
export const giftCardLookupSchema = z.strictObject({
  gift_card: giftCardSchema,
  adjustments: z.array(z.strictObject({ kind: z.string(), delta: z.number(), reason: z.string(), at: z.string() })),
  spent: z.array(z.strictObject({ amount: z.number(), order_number: z.number().int().nullable(), given_back: z.boolean(), at: z.string() })),
});
export type GiftCardLookup = z.infer<typeof giftCardLookupSchema>;
export const giftCardIssueBodySchema = z.strictObject({
  value: signedMoney.positive(),
  expires_on: isoDay.nullable().default(null),
  reason,
});
export const giftCardAdjustBodySchema = z.strictObject({ delta: signedMoney, reason });
export const giftCardVoidBodySchema = z.strictObject({ reason });

export const couponUsesSchema = z.strictObject({
  code: z.string(),
  used: z.number().int(),
  limit: z.number().int().nullable(),
  uses: z.array(
    z.strictObject({
      order_number: z.number().int(),
      status: z.string(),
      email: z.string(),
      discount: z.number(),
      given_back: z.boolean(),
      at: z.string(),
    }),
  ),
  next_before: z.number().int().nullable(),
});
export type CouponUses = z.infer<typeof couponUsesSchema>;

export const clientPassesSchema = z.strictObject({
  client: z.strictObject({ id: z.number().int(), email: z.string(), name: z.string() }),
  subscriptions: z.array(
    z.strictObject({
      id: z.number().int(),
      subscription_id: z.number().int(),
      type: z.string(),
      visits_left: z.number().int().nullable(),
      expires_on: z.string().nullable(),
      holders: z.array(z.strictObject({ name: z.string(), birthday: z.string().nullable() })),
    }),
  ),
});
export type ClientPasses = z.infer<typeof clientPassesSchema>;
export const passExtendBodySchema = z.strictObject({ expires_on: z.string().max(10) });
