/**
 * What every ticket document shows (the PDF, an Apple Wallet pass, a Google Wallet object), read
 * from the order as it is NOW: a ticket moved to another slot shows the new slot, a refunded ticket
 * is left out, an order no longer paid has none (null). Each ticket carries its signed code, the
 * same one the gate and its offline check verify (ticket-code.ts). Texts in the order's language.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Language } from '#domain/languages.ts';
import { formatVisit } from '#domain/date-text.ts';
import { audienceOfTicket } from '#domain/ticket-audience.ts';
import type { Executor } from '../../db/client.ts';
import { orders, plots, products, tickets } from '../../db/schema/index.ts';
import { readingFor, textsIn, toClockTime } from '../catalogue/index.ts';
import { findOrganisation, loadShopLocale } from '../organisation/index.ts';
import { findLinesWithNames } from '../reservations/index.ts';
import { signTicket, type TicketKeys } from './ticket-code.ts';
import { TICKET_TEXTS } from './ticket-document.texts.ts';

export interface DocumentTicket {
  id: number;
  position: number;
  /** The signed code the QR code and the wallets' barcodes carry. */
  code: string;
  /** The audience this ticket admits (Adult, Child…), or null for a product without audiences. */
  audience: string | null;
}

export interface TicketDocument {
  orderId: number;
  orderNumber: number;
  language: Language;
  holder: string;
  shop: { name: string; colour: string; logo: string | null; timezone: string };
  product: { id: number; title: string };
  /** The slot as it is now; null for a product without days. */
  plot: { id: number; date: string; start: string | null; end: string | null } | null;
  /** The slot in words, in the order's language ("Friday 12 June 2030, 15:00 - 16:30"); null without one. */
  when: string | null;
  /** The order's admissions, 1..quantity as issued, without the refunded ones. */
  tickets: DocumentTicket[];
  /** How many tickets the order was issued (a ticket reads "2 of 3"). */
  issued: number;
}

/** The paid order `where` names, as its ticket documents show it now; null when unknown, not paid or without valid tickets. */
export async function readTicketDocument(
  db: Executor,
  keys: Pick<TicketKeys, 'privateKey'>,
  where: { hash: string } | { orderId: number },
): Promise<TicketDocument | null> {
  const [found] = await db
    .select({ order: orders, product: products, plot: plots })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(plots, eq(plots.id, orders.plotId))
    .where(and('hash' in where ? eq(orders.hash, where.hash) : eq(orders.id, where.orderId), eq(orders.status, 'PAID'), eq(orders.kind, 'PRODUCT')))
    .limit(1);
  if (!found) return null;
  const { order, product, plot } = found;
  const [rows, issued, lines, locale, organisation] = await Promise.all([
    db
      .select({ id: tickets.id, position: tickets.position, nonce: tickets.nonce })
      .from(tickets)
      .where(and(eq(tickets.orderId, order.id), isNull(tickets.refundedAt)))
      .orderBy(asc(tickets.position)),
    db.$count(tickets, eq(tickets.orderId, order.id)),
    findLinesWithNames(db, order.id),
    loadShopLocale(db),
    findOrganisation(db),
  ]);
  if (rows.length === 0) return null;
  const reading = readingFor(order.language, locale);
  const audiences = lines.flatMap(({ line, audienceTexts }) =>
    audienceTexts ? [{ quantity: line.quantity, name: textsIn(audienceTexts, reading).name ?? '' }] : [],
  );
  const slot = plot ? { id: plot.id, date: plot.date, start: toClockTime(plot.startTime), end: toClockTime(plot.endTime) } : null;
  const texts = TICKET_TEXTS[reading.language];
  return {
    orderId: order.id,
    orderNumber: order.number,
    language: reading.language,
    holder: `${order.customer.first_name} ${order.customer.last_name}`.trim(),
    shop: {
      name: (organisation && textsIn(organisation.texts, reading).name) || '',
      colour: organisation?.themeColour ?? '1abc9c',
      logo: organisation?.logo ?? null,
      timezone: organisation?.timezone ?? locale.timezone,
    },
    product: { id: product.id, title: textsIn(product.texts, reading).title ?? '' },
    plot: slot,
    when: slot ? (slot.start ? formatVisit(slot.date, slot, reading.language) : `${formatVisit(slot.date, slot, reading.language)}, ${texts.allDay}`) : null,
    tickets: rows.map((row) => ({
      id: row.id,
      position: row.position,
      code: signTicket(keys, row),
      audience: audienceOfTicket(audiences, row.position)?.name || null,
    })),
    issued,
  };
}
