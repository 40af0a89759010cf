/**
 * Issuing documents, in the caller's transaction:
 * - `issuePaid`: a receipt (consumers) or an invoice (company details given, or an order on invoice)
 *   for each paid order that has none yet: called by the settlement's fulfilments and by the
 *   checkout core when an order is confirmed with nothing to pay online (on invoice, or a total of 0).
 * - `creditNote`: a refund or cancel of the one order change gives back (part of) the order's
 *   receipt or invoice: a credit note naming it, never more than remains on it.
 *
 * The lines are taxed by the one rule of src/domain/tax.ts from the order's stored lines and prices
 * (prices are gross): each line's gross after its coupon share, split into net and tax at its tax
 * rule's rate, rounded per line, so the document's totals are the sums of its lines. Gift-card credit
 * is a means of payment: it lowers what is payable, never a line's taxable gross; gift cards sold are
 * multi-purpose vouchers and carry no VAT. Everything the document prints is stored at issue.
 */
import { sql } from 'drizzle-orm';
import {
  creditNoteLines,
  CreditNoteTooLarge,
  DOCUMENT_SERIES,
  documentNumber,
  documentRates,
  documentTotals,
  remainingLines,
  type DocumentData,
  type DocumentKind,
  type DocumentLine,
  type DocumentLineKind,
  type DocumentParty,
} from '#domain/documents.ts';
import { translate, type Language, type Translations } from '#domain/languages.ts';
import { NO_TAX, taxLines, type TaxableLine, type TaxKind, type TaxRate } from '#domain/tax.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { DocumentRecord, OrderRecord } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { shopMoment } from '../../shop-time.ts';
import { findOrganisation } from '../organisation/index.ts';
import { creditedLines, insertDocument, originalsOf } from './document.repo.ts';

type Texts = Translations<Record<string, string>>;

interface LineFacts {
  order_id: number;
  kind: string;
  quantity: number;
  unit_price_cents: number;
  upsell_type: string | null;
  main_texts: Texts | null;
  audience_texts: Texts | null;
  upsell_texts: Texts | null;
  tax_name: string | null;
  rate_bp: number | null;
  tax_kind: TaxKind | null;
}

/** What a refund or cancel of the one order change gives back, for its credit note. */
export interface CreditRequest {
  /** Money given back (cents). */
  amountCents: number;
  /** Tickets were refunded: the amount goes to the ticket lines first. */
  tickets: boolean;
  /** The whole order cancelled. */
  cancelling: boolean;
  reason: string | null;
}

const rateOfRule = (row: { tax_name: string | null; rate_bp: number | null; tax_kind: TaxKind | null }): TaxRate =>
  row.tax_kind === null ? NO_TAX : { rateBp: Number(row.rate_bp), kind: row.tax_kind, name: row.tax_name ?? '' };

const LINE_ORDER: readonly DocumentLineKind[] = ['TICKET', 'SUBSCRIPTION', 'VOUCHER', 'UPSELL', 'FEE'];

/** Money that came through no gateway: an order on invoice, or one paid in full by credit. */
const OFFLINE = new Set(['invoice', 'none']);

export function createDocumentIssue() {
  async function shop(tx: Executor) {
    const organisation = await findOrganisation(tx);
    if (!organisation) throw new Error('no organisation');
    const name = (organisation.texts[organisation.defaultLanguage]?.name ?? Object.values(organisation.texts)[0]?.name ?? '') as string;
    const seller: DocumentParty = {
      name: organisation.legalName ?? name,
      company: null,
      address: organisation.address,
      vatId: organisation.vatId,
      email: organisation.email,
    };
    return { organisation, seller };
  }

  /** The taxed lines of each order, from its stored lines, prices and the tax rules of its goods. */
  async function linesOfOrders(tx: Executor, paid: readonly OrderRecord[]): Promise<Map<number, { lines: DocumentLine[]; giftCardCents: number }>> {
    const ids = paid.map((order) => order.id);
    const facts = rowsOf<LineFacts>(
      await tx.execute(sql`
        select l.order_id, l.kind, l.quantity, l.unit_price_cents, u.upsell_type,
               coalesce(p.texts, s.texts, v.texts) as main_texts, a.texts as audience_texts, u.texts as upsell_texts,
               t.name as tax_name, t.rate_bp, t.kind as tax_kind
        from order_lines l join orders o on o.id = l.order_id
        left join products p on p.id = o.product_id
        left join subscriptions s on s.id = o.subscription_id
        left join vouchers v on v.id = o.voucher_id
        left join audiences a on a.id = l.audience_id
        left join upsells u on u.id = l.upsell_id
        left join tax_rules t on t.id = case when l.kind = 'UPSELL' then u.tax_rule_id
                                             when l.kind in ('TICKET', 'AUDIENCE') then p.tax_rule_id
                                             when l.kind = 'SUBSCRIPTION_AUDIENCE' then s.tax_rule_id end
        where l.order_id = any(${`{${ids.join(',')}}`}::int[])
        order by l.order_id, l.id`),
    );
    const coupons = new Map(
      rowsOf<{ order_id: number; cents: number }>(
        await tx.execute(sql`
          select order_id, sum(discount_cents)::int as cents from coupon_redemptions
          where order_id = any(${`{${ids.join(',')}}`}::int[]) and released_at is null group by order_id`),
      ).map((row) => [Number(row.order_id), Number(row.cents)]),
    );
    const additions = rowsOf<{ amount_cents: number; type: number; texts: Texts; tax_name: string | null; rate_bp: number | null; tax_kind: TaxKind | null }>(
      await tx.execute(sql`
        select a.amount_cents, a.type, a.texts, t.name as tax_name, t.rate_bp, t.kind as tax_kind
        from additions a left join tax_rules t on t.id = a.tax_rule_id order by a.type, a.id`),
    );
    const answer = new Map<number, { lines: DocumentLine[]; giftCardCents: number }>();
    for (const order of paid) {
      const language = order.language;
      const text = (texts: Texts | null, key: string) => (texts ? (translate(texts, language, language)[key] ?? Object.values(texts)[0]?.[key] ?? '') : '');
      const title = (row: LineFacts) => text(row.main_texts, 'title');
      const taxable: TaxableLine<{ kind: DocumentLineKind; description: string; productId: number | null }>[] = [];
      const rows = facts.filter((row) => Number(row.order_id) === order.id);
      for (const row of rows) {
        const quantity = Number(row.quantity);
        const unit = Number(row.unit_price_cents);
        const isTicket = row.kind === 'TICKET' || row.kind === 'AUDIENCE';
        if (isTicket || row.kind === 'SUBSCRIPTION_AUDIENCE') {
          const audience = text(row.audience_texts, 'name');
          taxable.push({
            ref: { kind: isTicket ? 'TICKET' : 'SUBSCRIPTION', description: audience ? `${title(row)} – ${audience}` : title(row), productId: order.productId },
            quantity,
            grossCents: unit * quantity,
            discountable: true,
            rate: rateOfRule(row),
          });
        } else if (row.kind === 'UPSELL') {
          const counted = row.upsell_type === 'DONATION' ? Math.min(1, quantity) : quantity;
          taxable.push({
            ref: { kind: 'UPSELL', description: text(row.upsell_texts, 'title'), productId: order.productId },
            quantity: Math.max(1, counted),
            grossCents: unit * counted,
            discountable: false,
            rate: rateOfRule(row),
          });
        } else if (row.kind === 'VOUCHER_VALUE') {
          // A multi-purpose voucher: no VAT when sold; the VAT falls on what it pays for.
          taxable.push({
            ref: { kind: 'VOUCHER', description: title(row), productId: null },
            quantity,
            grossCents: unit * quantity,
            discountable: false,
            rate: NO_TAX,
          });
        }
      }
      // The stored prices decide: lines that do not add up to them (an order from before its lines were kept) become one line.
      const ticketsGross = taxable.filter((line) => line.ref.kind === 'TICKET').reduce((sum, line) => sum + line.grossCents, 0);
      if (ticketsGross !== order.productCents && order.kind === 'PRODUCT') {
        const rule = rows.find((row) => row.kind === 'TICKET' || row.kind === 'AUDIENCE');
        for (let index = taxable.length - 1; index >= 0; index -= 1) if (taxable[index]?.ref.kind === 'TICKET') taxable.splice(index, 1);
        taxable.unshift({
          ref: { kind: 'TICKET', description: rule ? title(rule) : '', productId: order.productId },
          quantity: Math.max(1, order.quantity),
          grossCents: order.productCents,
          discountable: true,
          rate: rule ? rateOfRule(rule) : NO_TAX,
        });
      }
      if (order.additionsCents > 0) {
        const type = order.rebookOfOrderId === null ? 0 : 1;
        const applying = additions.filter((addition) => Number(addition.type) === type);
        const sum = applying.reduce((total, addition) => total + Number(addition.amount_cents), 0);
        const fees = sum === order.additionsCents ? applying : applying.slice(0, 1).map((addition) => ({ ...addition, amount_cents: order.additionsCents }));
        for (const fee of fees.length > 0 ? fees : [{ amount_cents: order.additionsCents, texts: {}, tax_name: null, rate_bp: null, tax_kind: null }]) {
          taxable.push({
            ref: { kind: 'FEE', description: text(fee.texts as Texts, 'name'), productId: order.productId },
            quantity: 1,
            grossCents: Number(fee.amount_cents),
            discountable: false,
            rate: rateOfRule(fee),
          });
        }
      }
      // Tickets and passes first, then what came with them, the fee last (the reading order of the document).
      taxable.sort((a, b) => LINE_ORDER.indexOf(a.ref.kind) - LINE_ORDER.indexOf(b.ref.kind));
      // The order's discount is its coupons' (or a pass paying its tickets) and the gift-card credit it used.
      const couponCents = Math.min(order.discountCents, (coupons.get(order.id) ?? 0) + (order.clientSubscriptionId !== null ? order.productCents : 0));
      const taxed = taxLines(taxable, couponCents);
      const lines = taxed.map((line): DocumentLine => ({
        kind: line.ref.kind,
        description: line.ref.description,
        quantity: line.quantity,
        grossCents: line.grossCents,
        netCents: line.netCents,
        taxCents: line.taxCents,
        discountCents: line.discountCents,
        rateBp: line.rate.rateBp,
        taxKind: line.rate.kind,
        taxName: line.rate.name,
        productId: line.ref.productId,
      }));
      const gross = documentTotals(lines).grossCents;
      answer.set(order.id, { lines, giftCardCents: Math.max(0, gross - order.totalCents) });
    }
    return answer;
  }

  function buyerOf(order: OrderRecord): DocumentParty {
    const customer = order.customer;
    const details = order.invoiceDetails;
    const place = [details?.zipcode ?? customer.zipcode, details?.city ?? customer.city].filter(Boolean).join(' ');
    const address = [details?.address ?? customer.address, place].filter((part) => part && part.trim() !== '').join('\n');
    return {
      name: `${customer.first_name} ${customer.last_name}`.trim(),
      company: details?.company ?? customer.company ?? null,
      address: address || null,
      vatId: details?.vat_id ?? customer.vat_id ?? null,
      email: customer.email || null,
    };
  }

  async function channelOf(tx: Executor, paymentId: number | null): Promise<string> {
    if (paymentId === null) return 'none';
    const [row] = rowsOf<{ gateway: string }>(await tx.execute(sql`select gateway from payments where id = ${paymentId}`));
    return row?.gateway ?? 'none';
  }

  /** A receipt or invoice for each paid order that has none yet; answers the documents issued. */
  async function issuePaid(tx: Executor, paid: readonly OrderRecord[], now: Date): Promise<{ id: number; orderId: number }[]> {
    const orders = paid.filter((order) => order.status === 'PAID');
    if (orders.length === 0) return [];
    const existing = new Set(
      (
        await originalsOf(
          tx,
          orders.map((order) => order.id),
        )
      ).map((document) => document.orderId),
    );
    const toIssue = orders.filter((order) => !existing.has(order.id));
    if (toIssue.length === 0) return [];
    const { organisation, seller } = await shop(tx);
    const day = shopMoment(now, organisation.timezone).date;
    const year = Number(day.slice(0, 4));
    const taxed = await linesOfOrders(tx, toIssue);
    const issued: { id: number; orderId: number }[] = [];
    for (const order of toIssue) {
      const buyer = buyerOf(order);
      const kind: DocumentKind = order.invoice || (buyer.company ?? '').trim() !== '' ? 'INVOICE' : 'RECEIPT';
      const { lines, giftCardCents } = taxed.get(order.id) ?? { lines: [], giftCardCents: 0 };
      const data: DocumentData = {
        kind,
        language: order.language,
        currency: order.currency,
        issuedOn: day,
        seller,
        buyer,
        orderNumber: order.number,
        original: null,
        lines,
        rates: documentRates(lines),
        totals: documentTotals(lines),
        giftCardCents,
        payableCents: order.totalCents,
        paymentTerms: order.invoice ? { days: organisation.invoiceDueDays, dueOn: addDays(day, organisation.invoiceDueDays) } : null,
        reason: null,
      };
      const written = await insertDocument(tx, {
        organisationId: organisation.id,
        kind,
        series: DOCUMENT_SERIES[kind],
        year,
        orderId: order.id,
        paymentId: order.paymentId,
        originalId: null,
        language: order.language,
        currency: order.currency,
        channel: await channelOf(tx, order.paymentId),
        data,
        issuedAt: now,
        lines: lines.map((line, position) => ({ ...line, position })),
      });
      issued.push({ id: written.id, orderId: order.id });
    }
    return issued;
  }

  /**
   * The credit note of a refund or cancel, naming the order's receipt or invoice (issued first when
   * the order was paid before documents existed). Gives back the money refunded; a cancelled order
   * whose money came through no gateway (on invoice, or paid by credit) gives back all that remains.
   * Nothing to give back: no credit note. More than remains: `CREDIT_NOTE_EXCEEDS_INVOICE`.
   */
  async function creditNote(tx: Executor, order: OrderRecord, request: CreditRequest, now: Date): Promise<{ id: number } | null> {
    let [original] = (await originalsOf(tx, [order.id])).slice(-1);
    if (!original && order.paymentId !== null) {
      await issuePaid(tx, [{ ...order, status: 'PAID' }], now);
      [original] = (await originalsOf(tx, [order.id])).slice(-1);
    }
    if (!original) return null;
    const remaining = remainingLines(original.data.lines, await creditedLines(tx, original.id));
    const left = remaining.reduce((sum, line) => sum + line.grossCents, 0);
    const amount = request.cancelling && OFFLINE.has(original.channel) ? left : request.amountCents;
    if (amount === 0) return null;
    let lines: ReturnType<typeof creditNoteLines>;
    try {
      lines = creditNoteLines(remaining, amount, (line) => request.tickets && line.kind === 'TICKET');
    } catch (error) {
      if (error instanceof CreditNoteTooLarge)
        throw new AppError('CREDIT_NOTE_EXCEEDS_INVOICE', 409, `At most ${error.leftCents} cents remain on ${documentNumber(original)}`, {
          fields: { amount: `max_${error.leftCents}` },
        });
      throw error;
    }
    const { organisation } = await shop(tx);
    const day = shopMoment(now, organisation.timezone).date;
    const data: DocumentData = {
      ...original.data,
      kind: 'CREDIT_NOTE',
      issuedOn: day,
      original: { number: documentNumber(original), issuedOn: original.data.issuedOn },
      lines,
      rates: documentRates(lines),
      totals: documentTotals(lines),
      giftCardCents: 0,
      payableCents: documentTotals(lines).grossCents,
      paymentTerms: null,
      reason: request.reason,
    };
    return insertDocument(tx, {
      organisationId: organisation.id,
      kind: 'CREDIT_NOTE',
      series: DOCUMENT_SERIES.CREDIT_NOTE,
      year: Number(day.slice(0, 4)),
      orderId: order.id,
      paymentId: order.paymentId,
      originalId: original.id,
      language: original.language,
      currency: original.currency,
      channel: original.channel,
      data,
      issuedAt: now,
      lines,
    });
  }

  return { issuePaid, creditNote };
}

/** A YYYY-MM-DD date `days` later. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export type DocumentIssue = ReturnType<typeof createDocumentIssue>;
export type { DocumentRecord, Language };
