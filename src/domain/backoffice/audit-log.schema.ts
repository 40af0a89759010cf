/**
 * The audit log as the back office reads it (GET /api/backoffice/audit, server/modules/staff): each row
 * with what a person needs to say it in words — the thing's name resolved when read (or from its last
 * snapshot once it is gone), who did it, and plain values (amounts as 2-decimal numbers with their
 * currency, days, clock times). Never a rendered sentence: the page says it in the reader's language.
 */
import { z } from 'zod';
import { calendarDate } from '../contracts/calendar-date.ts';
import { CATALOGUE_STATES } from '../catalogue-state.ts';
import { LANGUAGES } from '../languages.ts';
import { ORDER_EVENTS } from '../order-history.ts';
import { STAFF_ROLES } from './staff-roles.ts';

/** The kinds of thing the back office writes audit rows about (`entity`); the page's "What" filter offers these. */
export const AUDIT_ENTITIES = [
  'product',
  'product_schedule',
  'slot',
  'category',
  'audience',
  'upsell',
  'coupon',
  'subscription',
  'voucher',
  'order',
  'refund_request',
  'gift_card',
  'client_subscription',
  'staff',
  'organisation',
  'customer_field',
  'addition',
  'faq_question',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * What an edit can change, named for people (the page has a label for each). A snapshot's other keys
 * are counted in `other_changes`; ids, versions and counters are not changes anyone made.
 */
export const AUDIT_FIELDS = [
  'title',
  'name',
  'label',
  'question',
  'description',
  'answer',
  'web_address',
  'state',
  'visible',
  'position',
  'image',
  'price',
  'price_type',
  'capacity_type',
  'has_days',
  'has_timeslots',
  'show_end_time',
  'show_availability',
  'allow_reservations',
  'min_quantity',
  'max_quantity',
  'audiences',
  'upsells',
  'cross_sells',
  'categories',
  'products',
  'subscriptions',
  'vouchers',
  'voucher_values',
  'options',
  'parent_category',
  'group',
  'upsell_type',
  'donation_step',
  'code',
  'discount',
  'max_tickets',
  'usage_limit',
  'valid_from',
  'valid_until',
  'customer_group',
  'type',
  'redemptions',
  'validity_days',
  'theme_colour',
  'currency',
  'timezone',
  'languages',
  'default_language',
  'allow_shopping_cart',
  'allow_business',
  'rebooking_allowed',
  'security_enabled',
  'hold_minutes',
  'waitlist_hold_minutes',
  'captcha_site_key',
  'notification_email',
  'required',
  'on_by_default',
  'business',
  'amount',
  'faq_enabled',
  'phone_number',
  'email',
  'whatsapp_url',
  'opening_hours_url',
  'role',
  'disabled',
  'end_time',
  'capacity',
  'max_orders',
  'closed',
  'credit',
  'expires',
  'horizon_days',
] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];

const day = calendarDate;
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const auditMoneySchema = z
  .strictObject({ amount: z.number().describe('2 decimals'), currency: z.string().describe('ISO 4217') })
  .meta({ id: 'AuditMoney' });

/** A slot as people know it: its day and clock times in the shop's time zone (no start: all day). */
export const auditSlotSchema = z.strictObject({ date: day, start: clock.nullable(), end: clock.nullable() }).meta({ id: 'AuditSlot' });

/** One value of a change, typed so the page formats it (money, days, yes/no, a role's name …). */
export const auditValueSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('text'), text: z.string() }),
    z.strictObject({ kind: z.literal('money'), amount: z.number(), currency: z.string() }),
    z.strictObject({ kind: z.literal('number'), value: z.number() }),
    z.strictObject({ kind: z.literal('percent'), value: z.number() }),
    z.strictObject({ kind: z.literal('flag'), value: z.boolean() }),
    z.strictObject({ kind: z.literal('date'), date: day }),
    z.strictObject({ kind: z.literal('moment'), at: z.string().describe('ISO instant') }),
    z.strictObject({ kind: z.literal('time'), time: clock }),
    z.strictObject({ kind: z.literal('role'), role: z.enum(STAFF_ROLES) }),
    z.strictObject({ kind: z.literal('state'), state: z.enum(CATALOGUE_STATES) }),
    z.strictObject({ kind: z.literal('languages'), languages: z.array(z.enum(LANGUAGES)) }),
  ])
  .meta({ id: 'AuditValue' });

export const auditChangeSchema = z
  .strictObject({
    field: z.enum(AUDIT_FIELDS),
    language: z.enum(LANGUAGES).nullable().describe('The language of a translated text that changed'),
    from: auditValueSchema.nullable().describe('null: empty (or, with `to` null too, a value too long or too technical to show)'),
    to: auditValueSchema.nullable(),
  })
  .meta({ id: 'AuditChange' });

export const auditSubjectSchema = z
  .strictObject({
    name: z
      .string()
      .nullable()
      .describe(
        'What people call it: a product’s, category’s or voucher’s title (a schedule’s, slot’s or order’s product), a staff member’s or refund requester’s name, a coupon’s or gift card’s code, an FAQ question; null when nothing names it any more',
      ),
    gone: z.boolean().describe('It no longer exists: `name` comes from its last snapshot, if any'),
    slot: auditSlotSchema.nullable().describe('A slot’s day and time; an order’s booked slot'),
    number: z.number().int().nullable().describe('An order’s number (an order, a refund request)'),
    holder: z.string().nullable().describe('Whose pass (client_subscription)'),
  })
  .meta({ id: 'AuditSubject' });

/** What the change moved, where the sentence says it; every field optional, each action uses a few. */
export const auditDetailsSchema = z
  .strictObject({
    event: z.enum(ORDER_EVENTS).optional().describe('An order’s change as its history names it (older actions mapped: order.refund → refunded …)'),
    amount: auditMoneySchema.optional().describe('Money moved: refunded, a move’s price difference, a gift card’s credit or change'),
    from: auditSlotSchema.nullable().optional(),
    to: auditSlotSchema.nullable().optional(),
    tickets: z.array(z.number().int()).optional().describe('Ticket positions concerned'),
    quantity: z.strictObject({ from: z.number().int(), to: z.number().int() }).optional(),
    total: z.strictObject({ from: auditMoneySchema, to: auditMoneySchema }).optional(),
    code: z.string().optional().describe('A coupon code taken off'),
    fields: z.array(z.string()).optional().describe('The customer fields that changed, by their labels'),
    reason: z.string().optional().describe('What the staff member wrote: a refund’s reason, a decline’s reply, a gift card change’s reason'),
    method: z.string().optional().describe('The payment’s gateway (stripe, paypal, test, invoice, none)'),
    order: z.number().int().optional().describe('Another order’s number (rebooked: the new order)'),
    recipient: z.string().optional().describe('The e-mail address a mail went to'),
    role: z.enum(STAFF_ROLES).optional().describe('The role a staff member was invited with'),
    expires: day.optional().describe('A gift card’s or pass’s expiry day'),
    slots: z
      .strictObject({ added: z.number().int(), changed: z.number().int(), removed: z.number().int(), closed: z.number().int() })
      .optional()
      .describe('A schedule save’s slots'),
    affected: z.strictObject({ places: z.number().int(), orders: z.number().int() }).optional().describe('A closed or opened slot’s bookings'),
  })
  .meta({ id: 'AuditDetails' });

export const auditQuerySchema = z.strictObject({
  staff_id: z.coerce.number().int().positive().optional(),
  entity: z.string().max(60).optional(),
  action: z.string().max(80).optional(),
  from: calendarDate.optional().describe('First day (UTC), inclusive'),
  until: calendarDate.optional().describe('Last day (UTC), inclusive'),
  language: z.enum(LANGUAGES).optional().describe('The language things are named in (else Accept-Language, else the shop’s default)'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditEntrySchema = z
  .strictObject({
    id: z.number().int(),
    at: z.string(),
    staff: z.strictObject({ id: z.number().int(), name: z.string(), email: z.string() }).nullable().describe('Who; null: the command line'),
    action: z.string().describe('What was done, dotted (`product.update`): the page picks its sentence by it'),
    entity: z.string(),
    entity_id: z.string().nullable(),
    subject: auditSubjectSchema,
    details: auditDetailsSchema,
    changes: z.array(auditChangeSchema).describe('An edit’s changed fields, before → after'),
    other_changes: z.number().int().describe('Changed settings not listed in `changes`'),
  })
  .meta({ id: 'AuditEntry' });

export const auditPageSchema = z.strictObject({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  timezone: z.string().describe('The shop’s time zone, for the moments'),
});

export type AuditMoney = z.infer<typeof auditMoneySchema>;
export type AuditSlot = z.infer<typeof auditSlotSchema>;
export type AuditValue = z.infer<typeof auditValueSchema>;
export type AuditChange = z.infer<typeof auditChangeSchema>;
export type AuditSubject = z.infer<typeof auditSubjectSchema>;
export type AuditDetails = z.infer<typeof auditDetailsSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;
