/**
 * The order confirmation mail: one per checkout, written to the outbox by whoever moves its orders
 * to PAID or RESERVED, with the executor of that transaction, so the mail exists exactly when the
 * state change does (a repeated pay changes nothing, so it writes nothing). In the order's language.
 * Not for voucher orders: their mail carries the gift cards (modules/vouchers/gift-card-mail.ts).
 */
import { sql } from 'drizzle-orm';
import { formatVisit } from '#domain/date-text.ts';
import { formattingLocale, translate, type Language } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { audiences, organisations, products, upsells, OrderStatus } from '../../db/schema/index.ts';
import type { OrderRecord } from '../../db/schema/index.ts';
import { defaultLanguageOf } from '../organisation/index.ts';
import { enqueueMail, type OutgoingMail } from './outbox.repo.ts';
import type { MailAttachmentRef } from './mail-attachments.ts';
import { ORDER_CONFIRMATION_TEXTS, type OrderConfirmationTexts } from './order-confirmation.texts.ts';
import { plainName } from './plain-name.ts';

export interface ConfirmedItem {
  title: string;
  /** Formatted date and time of the plot, or null for an order without one. */
  when: string | null;
  /** "2 × Adult" lines. */
  quantities: string[];
  totalCents: number;
  link: string;
}

export interface OrderConfirmation {
  language: Language;
  status: Extract<OrderStatus, 'PAID' | 'RESERVED'>;
  recipient: string;
  name: string;
  shopName: string;
  currency: string;
  items: ConfirmedItem[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const formatMoney = (cents: number, currency: string, language: Language) =>
  new Intl.NumberFormat(formattingLocale(language), { style: 'currency', currency }).format(toAmount(cents));

function formatWhen(date: string, start: string | null, end: string | null, language: Language): string {
  return formatVisit(date, { start, end }, language);
}

/** Plain text and HTML of the mail; pure, so the wording is testable without a database. */
export function renderOrderConfirmation(confirmation: OrderConfirmation): Omit<OutgoingMail, 'kind' | 'recipient'> {
  const texts = ORDER_CONFIRMATION_TEXTS[confirmation.language];
  const paid = confirmation.status === 'PAID';
  const total = formatMoney(
    confirmation.items.reduce((sum, item) => sum + item.totalCents, 0),
    confirmation.currency,
    confirmation.language,
  );
  const linkLabel = paid ? texts.linkPaid : texts.linkReserved;
  const money = (cents: number) => formatMoney(cents, confirmation.currency, confirmation.language);

  const text = [
    texts.greeting(confirmation.name),
    '',
    paid ? texts.introPaid : texts.introReserved,
    '',
    ...confirmation.items.flatMap((item) => [
      `${item.title} — ${money(item.totalCents)}`,
      ...(item.when ? [item.when] : []),
      ...item.quantities.map((line) => `  ${line}`),
      `${linkLabel}: ${item.link}`,
      '',
    ]),
    `${texts.total}: ${total}`,
    '',
    texts.closing,
    confirmation.shopName,
  ].join('\n');

  const html = `<!doctype html>
<html lang="${confirmation.language}"><body>
<p>${escapeHtml(texts.greeting(confirmation.name))}</p>
<p>${escapeHtml(paid ? texts.introPaid : texts.introReserved)}</p>
${confirmation.items
  .map(
    (item) => `<h2>${escapeHtml(item.title)} — ${escapeHtml(money(item.totalCents))}</h2>
${item.when ? `<p>${escapeHtml(item.when)}</p>` : ''}
<ul>${item.quantities.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(item.link)}">${escapeHtml(linkLabel)}</a></p>`,
  )
  .join('\n')}
<p><strong>${escapeHtml(texts.total)}: ${escapeHtml(total)}</strong></p>
<p>${escapeHtml(texts.closing)}<br>${escapeHtml(confirmation.shopName)}</p>
</body></html>`;

  return { subject: `${paid ? texts.subjectPaid : texts.subjectReserved} — ${confirmation.shopName}`, text, html };
}

/** What the mail shows besides the orders, as its one statement reads it. */
interface ConfirmationRead {
  organisation: { texts: (typeof organisations.$inferSelect)['texts']; defaultLanguage: Language } | null;
  productRows: { id: number; texts: (typeof products.$inferSelect)['texts'] }[];
  plotRows: { id: number; date: string; start: string | null; end: string | null }[];
  lineRows: {
    orderId: number;
    quantity: number;
    audience: (typeof audiences.$inferSelect)['texts'] | null;
    upsell: (typeof upsells.$inferSelect)['texts'] | null;
  }[];
}

/** Reads what the mail shows about `orders` (one checkout: same customer, language and currency). */
async function loadConfirmation(db: Executor, orders: OrderRecord[], publicUrl: string): Promise<OrderConfirmation | null> {
  const [first] = orders;
  if (!first || (first.status !== 'PAID' && first.status !== 'RESERVED')) return null;
  const language = first.language;
  const texts = ORDER_CONFIRMATION_TEXTS[language];
  const orderIds = orders.map((order) => order.id);
  const productIds = orders.flatMap((order) => (order.productId === null ? [] : [order.productId]));
  const plotIds = orders.flatMap((order) => (order.plotId === null ? [] : [order.plotId]));
  // ONE statement: it runs inside the settlement's transaction, where each round trip keeps a pooled connection.
  const [read] = rowsOf<ConfirmationRead>(
    await db.execute(sql`
      select
        (select json_build_object('texts', o.texts, 'defaultLanguage', o.default_language) from organisations o order by o.id limit 1) as "organisation",
        (select coalesce(json_agg(json_build_object('id', p.id, 'texts', p.texts)), '[]'::json) from products p
          where p.id = any(${`{${productIds.join(',')}}`}::int[])) as "productRows",
        (select coalesce(json_agg(json_build_object('id', t.id, 'date', t.date, 'start', t.start_time, 'end', t.end_time)), '[]'::json) from plots t
          where t.id = any(${`{${plotIds.join(',')}}`}::int[])) as "plotRows",
        (select coalesce(json_agg(json_build_object('orderId', l.order_id, 'quantity', l.quantity, 'audience', a.texts, 'upsell', u.texts) order by l.id), '[]'::json)
          from order_lines l left join audiences a on a.id = l.audience_id left join upsells u on u.id = l.upsell_id
          where l.order_id = any(${`{${orderIds.join(',')}}`}::int[])) as "lineRows"`),
  );
  if (!read) return null;
  const { organisation, productRows, plotRows, lineRows } = read;
  const fallback = defaultLanguageOf(organisation);

  const items = orders.map((order): ConfirmedItem => {
    const product = productRows.find((row) => row.id === order.productId);
    const plot = plotRows.find((row) => row.id === order.plotId);
    const quantities = lineRows
      .filter((line) => line.orderId === order.id)
      .map((line) => {
        const name =
          (line.audience && translate(line.audience, language, fallback).name) ||
          (line.upsell && translate(line.upsell, language, fallback).title) ||
          texts.tickets;
        return `${line.quantity} × ${name}`;
      });
    const path = order.status === 'RESERVED' ? 'reservation' : 'checkout/return';
    return {
      title: (product && translate(product.texts, language, fallback).title) || '',
      when: plot ? formatWhen(plot.date, plot.start, plot.end, language) : null,
      quantities,
      totalCents: order.totalCents,
      link: `${publicUrl}/${path}/${order.hash}`,
    };
  });
  return {
    language,
    status: first.status,
    recipient: first.customer.email,
    name: plainName(first.customer.first_name, first.customer.last_name),
    shopName: (organisation && translate(organisation.texts, language, fallback).name) || '',
    currency: first.currency,
    items,
  };
}

/**
 * Writes the confirmation of one checkout's orders (already PAID or RESERVED) to the outbox, with
 * the executor of the transaction that changed them. Nothing for orders in any other state.
 */
export async function enqueueOrderConfirmation(
  executor: Executor,
  orders: OrderRecord[],
  publicUrl: string,
  ticketCodes: readonly string[] = [],
  /** Documents to attach when the mail is sent (the orders' PDF tickets), as references. */
  attachments: readonly MailAttachmentRef[] = [],
): Promise<void> {
  // Voucher orders get their gift cards' mail instead (server/modules/vouchers/gift-card-mail.ts).
  const confirmation = await loadConfirmation(
    executor,
    orders.filter((order) => order.kind !== 'VOUCHER'),
    publicUrl,
  );
  if (!confirmation || !confirmation.recipient) return;
  const rendered = renderOrderConfirmation(confirmation);
  const withTickets = ticketCodes.length > 0 ? withTicketImages(rendered, ticketCodes.length, ORDER_CONFIRMATION_TEXTS[confirmation.language]) : rendered;
  await enqueueMail(executor, {
    kind: 'order-confirmation',
    recipient: confirmation.recipient,
    ...withTickets,
    tickets: ticketCodes,
    attachments,
    documents: await documentsToAttach(executor, orders),
  });
}

/** The mail with its e-tickets: a line in the text, the QR images (attached by the mailer) in the HTML. */
export function withTicketImages(
  mail: ReturnType<typeof renderOrderConfirmation>,
  count: number,
  texts: Pick<OrderConfirmationTexts, 'eTickets' | 'eTicket'>,
): ReturnType<typeof renderOrderConfirmation> {
  const images = Array.from(
    { length: count },
    (_, index) =>
      `<p><img src="cid:ticket-${index + 1}@shop" width="240" height="240" alt="${escapeHtml(texts.eTicket(index + 1, count))}"><br>${escapeHtml(texts.eTicket(index + 1, count))}</p>`,
  ).join('\n');
  return {
    subject: mail.subject,
    text: `${mail.text}\n\n${texts.eTickets}`,
    html: (mail.html ?? '').replace('</body>', `<h2>${escapeHtml(texts.eTickets)}</h2>\n${images}\n</body>`),
  };
}

/** The receipts, invoices and credit notes of these orders so far: the mail refers to them, the worker renders them when it sends. */
export async function documentsToAttach(executor: Executor, orders: readonly Pick<OrderRecord, 'id'>[]): Promise<number[]> {
  if (orders.length === 0) return [];
  const rows = rowsOf<{ id: number }>(
    await executor.execute(sql`select id from documents where order_id = any(${`{${orders.map((order) => order.id).join(',')}}`}::int[]) order by id`),
  );
  return rows.map((row) => Number(row.id));
}
