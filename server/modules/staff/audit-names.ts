/**
 * The names a page of audit rows needs, read at once: which things the rows are about (by kind),
 * looked up with one query per kind (audit-subjects.repo.ts), and how a translated text is read — in
 * the language asked for, falling back to the shop's own.
 */
import { translate, type Language } from '#domain/languages.ts';
import type { Executor } from '../../db/client.ts';
import { changedCustomerFields, earlierPlotIds } from './audit-order-details.ts';
import {
  couponCodesOf,
  customerFieldsOf,
  ordersOf,
  passesOf,
  refundRequestsOf,
  shopDefaults,
  slotsOf,
  staffNamesOf,
  textsOf,
  type TextedKind,
  type Texts,
} from './audit-subjects.repo.ts';

/** A row of the log as the repository reads it. */
export interface AuditRow {
  id: number;
  at: Date;
  staffId: number | null;
  staffName: string | null;
  staffEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** Things named by a translated text, and the text that names each. */
export const TEXT_NAMES = {
  product: 'title',
  category: 'title',
  upsell: 'title',
  subscription: 'title',
  voucher: 'title',
  audience: 'name',
  addition: 'name',
  organisation: 'name',
  faq_question: 'question',
} as const satisfies Record<TextedKind, string>;
const TEXTED = Object.keys(TEXT_NAMES) as TextedKind[];

export const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
export const int = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
export const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
/** An id the database can hold (int4), or null: a row's entity id is text. */
export const idOf = (value: string | null): number | null =>
  value !== null && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
const distinct = (values: (number | null)[]) => [...new Set(values.filter((value): value is number => value !== null))];

export async function loadAuditNames(db: Executor, rows: AuditRow[], requested: Language | null) {
  const shop = await shopDefaults(db);
  const language = requested ?? shop.defaultLanguage;
  const idsOf = (entity: string) => distinct(rows.filter((row) => row.entity === entity).map((row) => idOf(row.entityId)));
  const orderRows = rows.filter((row) => row.entity === 'order');
  // A product is named by its own rows, its schedule's, and an order history entry's `product_id`.
  const textedIds = (kind: TextedKind) =>
    kind === 'product'
      ? distinct([...idsOf('product'), ...idsOf('product_schedule'), ...orderRows.map((row) => int(record(row.after).product_id))])
      : idsOf(kind);

  const [texted, slots, staff, coupons, fields, orders, passes, refundRequests] = await Promise.all([
    Promise.all(TEXTED.map(async (kind) => [kind, await textsOf(db, kind, textedIds(kind))] as const)).then((pairs) => new Map(pairs)),
    slotsOf(db, distinct([...idsOf('slot'), ...orderRows.flatMap((row) => earlierPlotIds(row.action, row.before, row.after))])),
    staffNamesOf(db, idsOf('staff')),
    couponCodesOf(db, idsOf('coupon')),
    customerFieldsOf(db, idsOf('customer_field'), [...new Set(orderRows.flatMap((row) => changedCustomerFields(row.action, row.before, row.after)))]),
    ordersOf(db, distinct(orderRows.map((row) => idOf(row.entityId)))),
    passesOf(db, idsOf('client_subscription')),
    refundRequestsOf(db, idsOf('refund_request')),
  ]);

  /** A translated text's `key` in the reader's language, else the shop's, else any. */
  const textIn = (texts: unknown, key: string): string | null => text(translate(record(texts) as Texts, language, shop.defaultLanguage)[key]);
  return {
    currency: shop.currency,
    timezone: shop.timezone,
    textIn,
    /** A thing's texts as they are now; undefined once it is gone. */
    texts: (kind: TextedKind, id: number | null) => (id === null ? undefined : texted.get(kind)?.get(id)),
    slot: (id: number | null) => (id === null ? undefined : slots.get(id)),
    staff: (id: number | null) => (id === null ? undefined : staff.get(id)),
    coupon: (id: number | null) => (id === null ? undefined : coupons.get(id)),
    customerField: (id: number | null) => (id === null ? undefined : fields.byId.get(id)),
    /** A customer field's label by its key; the key in words when the shop has no such field. */
    fieldLabel: (key: string) => {
      const field = fields.byName.get(key);
      return (field && textIn(field.texts, 'label')) ?? key.replaceAll('_', ' ');
    },
    order: (number: number | null) => (number === null ? undefined : orders.get(number)),
    pass: (id: number | null) => (id === null ? undefined : passes.get(id)),
    refundRequest: (id: number | null) => (id === null ? undefined : refundRequests.get(id)),
  };
}

export type AuditNames = Awaited<ReturnType<typeof loadAuditNames>>;
