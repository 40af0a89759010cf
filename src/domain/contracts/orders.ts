/**
 * POST /api/orders and POST /api/coupon (spec sections 3, 7 and 8): the payload the storefront
 * sends and the server validates (zod, so both sides share one definition), and the answers.
 * Amounts are 2-decimal numbers at this edge; the server recomputes every price itself.
 */
import { z } from 'zod';
import { historyEntrySchema } from './order-history.schema.ts';
import { enrichmentField } from './enrichment.schema.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const quantity = z.number().int().min(0).max(10_000);
const shortText = z.string().max(65_535);

export const customerSchema = z.object({
  first_name: shortText.default(''),
  last_name: shortText.default(''),
  email: shortText.default(''),
  company: shortText.nullable().optional(),
  vat_id: shortText.nullable().optional(),
  address: shortText.nullable().optional(),
  zipcode: shortText.nullable().optional(),
  city: shortText.nullable().optional(),
  /** The signed-in client's token (spec section 6); the server trusts its session, not this. */
  token: z.string().max(200).nullable().optional(),
  /** Organisation-defined fields by key (`email_confirm`, `phone`, ...). */
  fields: z.record(z.string().max(100), z.union([shortText, z.number(), z.boolean(), z.null()])).default({}),
});
export type OrderCustomer = z.infer<typeof customerSchema>;

export const orderLineSchema = z.object({
  product: z.object({ id, plot: id.nullable().optional(), quantity }),
  /** `{"<audienceId>": {"quantity": n}}` */
  audiences: z.record(z.string(), z.object({ quantity })).default({}),
  /** `{"<upsellId>": {"quantity": n, "price": p}}`; the price is read only for donations. */
  upsells: z.record(z.string(), z.object({ quantity, price: z.number().min(0).max(1_000_000).optional() })).default({}),
  /** A client subscription token to redeem (ONLINE subscriptions). */
  subscription: z.string().max(200).nullable().optional(),
  rebook: z.string().max(200).nullable().optional().describe('A rebooking: the move token answered by POST /api/rebook/validate'),
  rebook_secret: z.string().max(200).nullable().optional(),
  enrichment: enrichmentField,
  language: z.string().max(10).optional(),
  simulate: z.boolean().optional(),
});
export type OrderLineRequest = z.infer<typeof orderLineSchema>;

export const orderRequestSchema = z.object({
  customer: customerSchema,
  /** Spec section 7 lists top-level fields too; they are merged under customer.fields. */
  fields: z.record(z.string().max(100), z.union([shortText, z.number(), z.boolean(), z.null()])).optional(),
  /** Coupon codes and gift-card barcodes, all applied codes together. */
  coupon: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  language: z.string().max(10).optional(),
  action: z.enum(['pay', 'reserve']).default('pay'),
  /** Order on invoice (a business customer; src/domain/invoice.ts): confirmed with nothing paid online. */
  invoice: z.boolean().optional(),
  captcha: z.string().max(4000).nullable().optional(),
  /** Price the cart without writing anything. Also accepted per order line. */
  simulate: z.boolean().optional(),
  /** The token of a waiting-list link: the cart takes the places held for it (single use). */
  waitlist_hold: z.string().min(1).max(200).nullable().optional(),
  orders: z.array(orderLineSchema).min(1).max(20),
});
export type OrderRequest = z.input<typeof orderRequestSchema>;
export type ParsedOrderRequest = z.infer<typeof orderRequestSchema>;

const amount = z.number().describe('2-decimal amount');

export const orderPricesSchema = z
  .strictObject({
    product: amount,
    upsell: amount,
    subtotal: amount,
    discount: amount,
    additions: amount,
    total: amount,
  })
  .meta({ id: 'OrderPrices' });
export type OrderPrices = z.infer<typeof orderPricesSchema>;

export const paymentTypeSchema = z.enum(['REDIRECT', 'FORM', 'CUSTOM']);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

/** What the storefront needs to run a payment (an address, form markup, keys), per gateway. */
const transactionSchema = z.strictObject({ response: z.record(z.string(), z.unknown()) });

export const orderPaymentSchema = z
  .strictObject({
    type: paymentTypeSchema,
    gateway: z.string(),
    hash: z.string(),
    transaction: z.union([z.literal(false), transactionSchema]).describe('false when there is nothing to pay'),
  })
  .meta({ id: 'OrderPayment' });
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderResultSchema = z
  .strictObject({
    order: z.strictObject({ status: z.string(), hash: z.string() }).nullable().describe('null in a simulation'),
    payment: orderPaymentSchema.nullable().describe('null in a simulation and for a reservation'),
    prices: orderPricesSchema,
    invoice: z.boolean(),
    amount: amount
      .optional()
      .describe('A rebooking: what its payment asks (the price above the old booking plus the rebooking additions; all of it for a reservation)'),
  })
  .meta({ id: 'OrderResult' });
export type OrderResult = z.infer<typeof orderResultSchema>;

export const orderResponseSchema = z.strictObject({
  ok: z.literal(true),
  response: z.strictObject({ orders: z.array(orderResultSchema) }),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** GET /api/payment/{hash}: how to resume paying a pending reservation or order. */
export const paymentResumeResponseSchema = z.strictObject({
  ok: z.literal(true),
  response: z.strictObject({ payment: z.strictObject({ ...orderPaymentSchema.shape, transaction: transactionSchema }) }),
});
export type PaymentResumeResponse = z.infer<typeof paymentResumeResponseSchema>;

export const couponRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('PRODUCT'),
    products: z.array(id).max(50).default([]),
    coupon: z.string().trim().min(1).max(100),
    client: id.nullable().optional(),
    coupons: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
    /** A solved captcha, past the code-guessing limit where the shop has one. */
    captcha: z.string().max(4000).nullable().optional(),
  }),
  z.object({
    type: z.literal('SUBSCRIPTION'),
    subscription: id,
    coupon: z.string().trim().min(1).max(100),
    client: id.nullable().optional(),
    coupons: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
    /** A solved captcha, past the code-guessing limit where the shop has one. */
    captcha: z.string().max(4000).nullable().optional(),
  }),
]);
export type CouponRequest = z.input<typeof couponRequestSchema>;

export const couponDiscountKindSchema = z.enum(['PERCENTAGE', 'FIXED']);
export type CouponDiscountKind = z.infer<typeof couponDiscountKindSchema>;

export const couponResponseSchema = z
  .discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('COUPON'),
      data: z.strictObject({ code: z.string(), type: couponDiscountKindSchema, value: z.number(), max_ticket_amount: z.number().nullable() }),
    }),
    z.strictObject({
      type: z.literal('VOUCHER'),
      data: z.strictObject({ barcode: z.string(), credit: z.number(), expiration: z.string().nullable() }),
    }),
  ])
  .meta({ id: 'CouponResponse' });
export type CouponResponse = z.infer<typeof couponResponseSchema>;

/** GET /api/orders/{hash}: what the return page shows (spec section 2: return page after payment). */
export const orderStatusViewSchema = z
  .strictObject({
    hash: z.string(),
    status: z.string(),
    payment: z.strictObject({ status: z.string(), gateway: z.string() }).nullable(),
    total: amount,
    /** What happened to the order since it was placed, in words for the visitor (src/domain/order-history.ts). */
    history: z.array(historyEntrySchema),
  })
  .meta({ id: 'OrderStatus' });
export type OrderStatusView = z.infer<typeof orderStatusViewSchema>;
