/**
 * The mail that tells a visitor what changed on their order — written by the one order change
 * (checkout/order-change.ts) in the change's transaction, once per order and recipient, for the
 * entries that move money or places (src/domain/order-history.ts `visitorIsTold`): a move, a
 * refund (part or all, with the amount, how it goes back and when to expect it), a cancel, and a
 * refund request accepted or declined. In the visitor's language (the order's, or the language a
 * refund request was written in).
 */
import { eq, sql } from 'drizzle-orm';
import { formatVisit } from '#domain/date-text.ts';
import { formattingLocale, normaliseLanguage, translate, type Language } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import type { HistorySlot, OrderEvent, OrderHistoryDetail } from '#domain/order-history.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { products, type OrderRecord } from '../../db/schema/index.ts';
import { defaultLanguageOf, findOrganisation } from '../organisation/index.ts';
import { ORDER_CHANGE_TEXTS, type RefundMethod } from './order-change.texts.ts';
import { enqueueMail, type OutgoingMail } from './outbox.repo.ts';
import { plainName } from './plain-name.ts';

export interface ChangeEntry {
  event: OrderEvent;
  detail: OrderHistoryDetail;
}

export interface OrderChangeMail {
  language: Language;
  name: string;
  shopName: string;
  orderNumber: string;
  product: string;
  currency: string;
  entries: readonly ChangeEntry[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The outbox's name of the mail: `refund-request-declined`, `order-refunded`, `order-moved`… */
const mailKind = (event: OrderEvent) => (event.startsWith('refund_request') ? event : `order-${event}`).replaceAll('_', '-');

const methodOf = (gateway: string | null | undefined): RefundMethod => (gateway === 'stripe' ? 'card' : gateway === 'paypal' ? 'paypal' : 'other');

/** Subject and body of the mail; pure, so the wording is testable without a database. */
export function renderOrderChangeMail(mail: OrderChangeMail): Omit<OutgoingMail, 'kind' | 'recipient'> {
  const texts = ORDER_CHANGE_TEXTS[mail.language];
  const money = (cents: number, currency = mail.currency) =>
    new Intl.NumberFormat(formattingLocale(mail.language), { style: 'currency', currency }).format(toAmount(cents));
  const when = (slot: HistorySlot | null | undefined) => (slot ? formatVisit(slot.date, { start: slot.time, end: null }, mail.language) : '');
  const events = new Set(mail.entries.map((entry) => entry.event));
  const paragraphs: string[] = [texts.greeting(mail.name)];
  for (const { event, detail } of mail.entries) {
    const amount = detail.amount_cents ?? 0;
    if (event === 'moved') {
      paragraphs.push(texts.moved(mail.product, when(detail.from), when(detail.to)));
      if (amount !== 0) paragraphs.push(texts.priceDifference(money(amount, detail.currency)));
    } else if (event === 'cancelled') {
      paragraphs.push(texts.cancelled(mail.product, mail.orderNumber));
    } else if (event === 'refund_request_accepted' || event === 'refunded' || event === 'refunded_by_provider') {
      if (event === 'refund_request_accepted') paragraphs.push(texts.accepted(mail.orderNumber));
      if (!events.has('cancelled') && (detail.tickets?.length ?? 0) > 0) paragraphs.push(texts.ticketsRefunded(detail.tickets?.length ?? 0));
      if (amount > 0) paragraphs.push(texts.refunded(money(amount, detail.currency), methodOf(detail.method)));
    } else if (event === 'refund_request_declined') {
      paragraphs.push(texts.declined(mail.orderNumber));
      if (detail.reason) paragraphs.push(`${texts.replyLabel}\n${detail.reason}`);
    }
  }
  paragraphs.push(`${texts.closing}\n${mail.shopName}`);
  const subject =
    events.has('refund_request_accepted') || events.has('refund_request_declined')
      ? texts.subject.request(mail.orderNumber)
      : events.has('cancelled')
        ? texts.subject.cancelled(mail.orderNumber)
        : events.has('refunded') || events.has('refunded_by_provider')
          ? texts.subject.refunded(mail.orderNumber)
          : texts.subject.moved(mail.orderNumber);
  return {
    subject: mail.shopName ? `${subject} — ${mail.shopName}` : subject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((paragraph) => `<p style="white-space:pre-wrap">${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}

/**
 * The visitor's mail for these entries of `order`, to the order's customer or to `to` (a refund
 * request's sender, in the language they wrote in). Nothing for an order without an address.
 */
export async function enqueueOrderChangeMail(
  executor: Executor,
  order: OrderRecord,
  entries: readonly ChangeEntry[],
  to: { email: string; language: string; name: string } | null,
): Promise<void> {
  const recipient = to?.email || order.customer.email;
  if (!recipient || entries.length === 0) return;
  const organisation = await findOrganisation(executor);
  const shopLanguage = defaultLanguageOf(organisation);
  const language = (to ? normaliseLanguage(to.language) : null) ?? order.language;
  const [product] = order.productId === null ? [] : await executor.select({ texts: products.texts }).from(products).where(eq(products.id, order.productId));
  const mail = renderOrderChangeMail({
    language,
    name: to ? to.name : plainName(order.customer.first_name, order.customer.last_name),
    shopName: (organisation && translate(organisation.texts, language, shopLanguage).name) || '',
    orderNumber: String(order.number),
    product: (product && translate(product.texts, language, shopLanguage).title) || String(order.number),
    currency: order.currency,
    entries,
  });
  // Money given back comes with its credit note (rendered when the mail is sent).
  const credited = entries.some((entry) => CREDITING.has(entry.event))
    ? rowsOf<{ id: number }>(
        await executor.execute(sql`select id from documents where order_id = ${order.id} and kind = 'CREDIT_NOTE' order by id desc limit 1`),
      ).map((row) => Number(row.id))
    : [];
  await enqueueMail(executor, { kind: mailKind(entries[0]?.event ?? 'moved'), recipient, ...mail, documents: credited });
}

const CREDITING: ReadonlySet<string> = new Set(['refunded', 'cancelled', 'refund_request_accepted', 'refunded_by_provider']);

/** A refund request declined whose number is no order of this shop: the same words, to the sender. */
export async function enqueueRequestDeclinedMail(
  executor: Executor,
  request: { email: string; language: string; name: string; orderNumber: string; reply: string },
): Promise<void> {
  const organisation = await findOrganisation(executor);
  const language = normaliseLanguage(request.language) ?? defaultLanguageOf(organisation);
  const mail = renderOrderChangeMail({
    language,
    name: request.name,
    shopName: (organisation && translate(organisation.texts, language, defaultLanguageOf(organisation)).name) || '',
    orderNumber: request.orderNumber,
    product: '',
    currency: 'EUR',
    entries: [{ event: 'refund_request_declined', detail: { reason: request.reply || null } }],
  });
  await enqueueMail(executor, { kind: mailKind('refund_request_declined'), recipient: request.email, ...mail });
}
