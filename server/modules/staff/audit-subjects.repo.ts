/**
 * What the audit log's rows name, read in batches when the log is read: one query per kind of thing
 * for a whole page of rows, never one per row. Read-only looks into the tables the other modules own
 * (through the schema, not their modules: those modules write audit rows through this one).
 */
import { eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  additions,
  audiences,
  categories,
  clients,
  clientSubscriptions,
  coupons,
  customerFields,
  faqQuestions,
  organisations,
  orders,
  plots,
  products,
  refundRequests,
  staffAccounts,
  subscriptions,
  upsells,
  vouchers,
} from '../../db/schema/index.ts';
import type { Language, Translations } from '#domain/languages.ts';

export type Texts = Translations<Record<string, string>>;

/** The shop's reading defaults: its language (names fall back to it), currency and time zone. */
export async function shopDefaults(db: Executor): Promise<{ defaultLanguage: Language; currency: string; timezone: string }> {
  const [row] = await db
    .select({ defaultLanguage: organisations.defaultLanguage, currency: organisations.currency, timezone: organisations.timezone })
    .from(organisations)
    .orderBy(organisations.id)
    .limit(1);
  return row ?? { defaultLanguage: 'en', currency: 'EUR', timezone: 'Europe/Amsterdam' };
}

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

/** Things named by translated texts (a title, a name, a label, a question). */
const TEXTED = {
  product: products,
  category: categories,
  audience: audiences,
  upsell: upsells,
  subscription: subscriptions,
  voucher: vouchers,
  addition: additions,
  faq_question: faqQuestions,
  organisation: organisations,
};
export type TextedKind = keyof typeof TEXTED;

export async function textsOf(db: Executor, kind: TextedKind, ids: number[]): Promise<Map<number, Texts>> {
  if (ids.length === 0) return new Map();
  // Every one of these tables has `id` and `texts`; the union of their types is more than drizzle's select can follow.
  const table = TEXTED[kind] as typeof products;
  const rows = await db.select({ id: table.id, texts: table.texts }).from(table).where(inArray(table.id, ids));
  return new Map(rows.map((row) => [row.id, row.texts as Texts]));
}

/** Slots with their product's texts. */
export async function slotsOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: plots.id, date: plots.date, startTime: plots.startTime, endTime: plots.endTime, productTexts: products.texts })
    .from(plots)
    .innerJoin(products, eq(products.id, plots.productId))
    .where(inArray(plots.id, ids));
  return byId(rows);
}

export type SlotRow = Awaited<ReturnType<typeof slotsOf>> extends Map<number, infer R> ? R : never;

export async function staffNamesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: staffAccounts.id, name: staffAccounts.name }).from(staffAccounts).where(inArray(staffAccounts.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function couponCodesOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: coupons.id, code: coupons.code }).from(coupons).where(inArray(coupons.id, ids));
  return new Map(rows.map((row) => [row.id, row.code]));
}

/** Customer fields by id (an edited field) and by name (an order's changed customer details), in one query. */
export async function customerFieldsOf(db: Executor, ids: number[], names: string[]) {
  const rows =
    ids.length === 0 && names.length === 0
      ? []
      : await db
          .select({ id: customerFields.id, name: customerFields.name, texts: customerFields.texts })
          .from(customerFields)
          .where(or(ids.length ? inArray(customerFields.id, ids) : undefined, names.length ? inArray(customerFields.name, names) : undefined));
  return { byId: new Map(rows.map((row) => [row.id, row])), byName: new Map(rows.map((row) => [row.name, row])) };
}

/** Orders by number: what they booked (a product and its slot, a subscription or a voucher) and their currency. */
export async function ordersOf(db: Executor, numbers: number[]) {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .select({
      number: orders.number,
      currency: orders.currency,
      productTexts: products.texts,
      subscriptionTexts: subscriptions.texts,
      voucherTexts: vouchers.texts,
      slotDate: plots.date,
      slotStart: plots.startTime,
      slotEnd: plots.endTime,
    })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .leftJoin(plots, eq(plots.id, orders.plotId))
    .leftJoin(subscriptions, eq(subscriptions.id, orders.subscriptionId))
    .leftJoin(vouchers, eq(vouchers.id, orders.voucherId))
    .where(inArray(orders.number, numbers));
  return new Map(rows.map((row) => [row.number, row]));
}

export type OrderRow = Awaited<ReturnType<typeof ordersOf>> extends Map<number, infer R> ? R : never;

/** Passes with their subscription's texts and their holder's name. */
export async function passesOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: clientSubscriptions.id, texts: subscriptions.texts, firstName: clients.firstName, lastName: clients.lastName })
    .from(clientSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, clientSubscriptions.subscriptionId))
    .innerJoin(clients, eq(clients.id, clientSubscriptions.clientId))
    .where(inArray(clientSubscriptions.id, ids));
  return byId(rows);
}

export async function refundRequestsOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: refundRequests.id, firstName: refundRequests.firstName, lastName: refundRequests.lastName, orderNumber: refundRequests.orderNumber })
    .from(refundRequests)
    .where(inArray(refundRequests.id, ids));
  return byId(rows);
}
