/**
 * The bookkeeper's journey through the API on a real database (issue 34): a consumer buys two adult
 * tickets (VAT 9 %) and an audio guide (VAT 21 %), pays, and downloads the receipt: its lines, tax per
 * rate and total agree with the order page, the confirmation mail and the payment to the cent (read
 * from the stored document and from the PDF's own text); staff refund one ticket and a credit note
 * appears with negative amounts and the receipt's number; a business customer on invoice gets an
 * invoice with payment terms.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import type { DocumentSummary } from '#domain/contracts/documents.schema.ts';
import { documentRates } from '#domain/documents.ts';
import { audiences, documentLines, documents, orders, outbox, payments, plots, productAudiences, products, upsells } from '../../../server/db/schema/index.ts';
import { customerWith } from '../helpers/customers.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { staffSession } from '../helpers/staff-session.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

const NOW = '2030-06-03T07:00:00Z';
let shop: TestShop;
let aquarium: number;
let adult: number;
let audioGuide: number;
let plot: number;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  const [product] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'aquarium-entry'));
  aquarium = product!.id;
  const offered = await shop.db
    .select({ id: audiences.id, texts: audiences.texts })
    .from(audiences)
    .innerJoin(productAudiences, eq(productAudiences.audienceId, audiences.id))
    .where(eq(productAudiences.productId, aquarium));
  adult = offered.find((row) => row.texts.en?.name === 'Adult')!.id;
  const [guide] = await shop.db.select({ id: upsells.id }).from(upsells).where(eq(upsells.priceCents, 400));
  audioGuide = guide!.id;
  const [slot] = await shop.db
    .select({ id: plots.id })
    .from(plots)
    .where(and(eq(plots.productId, aquarium), gt(plots.date, '2030-06-04')))
    .orderBy(asc(plots.date), asc(plots.startTime))
    .limit(1);
  plot = slot!.id;
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

async function order(email: string, { customer, ...extra }: { customer?: object; invoice?: boolean } = {}) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customer: { ...customerWith(email), ...customer },
      action: 'pay',
      language: 'nl',
      ...extra,
      orders: [{ product: { id: aquarium, plot, quantity: 2 }, audiences: { [adult]: { quantity: 2 } }, upsells: { [audioGuide]: { quantity: 1 } } }],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as OrderResponse).response;
}

const documentsOf = async (hash: string) => {
  const response = await shop.app.inject({ method: 'GET', url: `/api/orders/${hash}/documents` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { documents: DocumentSummary[] }).documents;
};

describe('receipts, credit notes and invoices', () => {
  it('a consumer’s receipt agrees with the order, the mail and the payment; a ticket refund issues its credit note', async () => {
    const answer = await order('receipt-journey@example.test');
    const orderHash = answer.orders[0]!.order!.hash;
    const paymentHash = answer.orders[0]!.payment!.hash;
    const paid = await shop.app.inject({
      method: 'POST',
      url: `/api/test-gateway/${paymentHash}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode, paid.body).toBeLessThan(400);
    const [row] = await shop.db.select().from(orders).where(eq(orders.hash, orderHash));
    const [payment] = await shop.db.select().from(payments).where(eq(payments.hash, paymentHash));
    // 2 × 18.50 (9 %) + audio guide 4.00 (21 %) + booking fee 1.00 (21 %)
    expect([row!.productCents, row!.upsellCents, row!.additionsCents, row!.totalCents, payment!.amountCents]).toEqual([3700, 400, 100, 4200, 4200]);

    // The order page (by the order's hash and by the checkout's) lists one receipt.
    const listed = await documentsOf(orderHash);
    expect(await documentsOf(paymentHash)).toEqual(listed);
    expect(listed).toHaveLength(1);
    const receipt = listed[0]!;
    expect(receipt).toMatchObject({ kind: 'RECEIPT', number: 'RC-2030-00001', order_number: row!.number, total: 42, currency: 'EUR', language: 'nl' });

    const [stored] = await shop.db.select().from(documents).where(eq(documents.id, receipt.id));
    const data = stored!.data;
    expect(data.lines.map((line) => [line.kind, line.quantity, line.grossCents, line.netCents, line.taxCents, line.rateBp])).toEqual([
      ['TICKET', 2, 3700, 3394, 306, 900],
      ['UPSELL', 1, 400, 331, 69, 2100],
      ['FEE', 1, 100, 83, 17, 2100],
    ]);
    expect(data.rates.map((rate) => [rate.rateBp, rate.netCents, rate.taxCents, rate.grossCents])).toEqual([
      [2100, 414, 86, 500],
      [900, 3394, 306, 3700],
    ]);
    expect(data.totals).toEqual({ grossCents: 4200, netCents: 3808, taxCents: 392 });
    expect(data.payableCents).toBe(payment!.amountCents);
    expect(data.seller).toMatchObject({ name: 'Tidewater Zoo & Aquarium B.V.', vatId: 'NL123456789B01' });
    // The lines rows are the document's lines.
    const rows = await shop.db.select().from(documentLines).where(eq(documentLines.documentId, receipt.id));
    expect(rows.reduce((sum, line) => sum + line.taxCents, 0)).toBe(392);

    // The PDF the visitor downloads says the same, in Dutch with Dutch amounts.
    const pdf = await shop.app.inject({ method: 'GET', url: `/api/orders/${orderHash}/documents/${receipt.id}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload).join('\n');
    for (const expected of ['Kassabon RC-2030-00001', 'BTW 9 %', 'BTW 21 %', '€ 37,00', '€ 3,06', '€ 0,86', '€ 42,00', '€ 38,08', '€ 3,92', 'NL123456789B01'])
      expect(text).toContain(expected);
    // Another order's hash does not open it.
    expect((await shop.app.inject({ method: 'GET', url: `/api/orders/${'0'.repeat(32)}/documents/${receipt.id}` })).statusCode).toBe(404);

    // The confirmation mail shows the same total and carries the receipt (rendered when it is sent).
    const mails = await shop.db.select().from(outbox).where(eq(outbox.recipient, 'receipt-journey@example.test'));
    const confirmation = mails.find((mail) => mail.kind === 'order-confirmation')!;
    expect(confirmation.text).toContain('42,00');
    expect(confirmation.payload?.attachments).toContainEqual({ kind: 'document', ref: { document: receipt.id } });

    // Staff refund one ticket: a credit note with negative amounts naming the receipt.
    const boxOffice = await staffSession(shop.app, 'box_office');
    const refund = await shop.app.inject({
      method: 'POST',
      url: `/api/backoffice/orders/${row!.number}/refund`,
      headers: boxOffice.headers,
      payload: { amount: 18.5, tickets: [1], key: 'journey-refund-1', reason: 'ill' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const after = await documentsOf(orderHash);
    expect(after.map((each) => [each.kind, each.number, each.total, each.original])).toEqual([
      ['RECEIPT', 'RC-2030-00001', 42, null],
      ['CREDIT_NOTE', 'CN-2030-00001', -18.5, 'RC-2030-00001'],
    ]);
    const [credit] = await shop.db.select().from(documents).where(eq(documents.id, after[1]!.id));
    expect(credit!.data.lines.map((line) => [line.kind, line.grossCents, line.netCents, line.taxCents])).toEqual([['TICKET', -1850, -1697, -153]]);
    expect(documentRates(credit!.data.lines).map((rate) => rate.taxCents)).toEqual([-153]);
    const creditPdf = pdfText((await shop.app.inject({ method: 'GET', url: `/api/orders/${orderHash}/documents/${credit!.id}` })).rawPayload).join('\n');
    expect(creditPdf).toContain('Creditnota CN-2030-00001');
    expect(creditPdf).toContain('RC-2030-00001');
    expect(creditPdf).toContain('€ -18,50');
    const refundMail = (await shop.db.select().from(outbox).where(eq(outbox.recipient, 'receipt-journey@example.test'))).find(
      (mail) => mail.kind !== 'order-confirmation',
    );
    expect(refundMail?.payload?.attachments).toEqual([{ kind: 'document', ref: { document: credit!.id } }]);
  }, 120_000);

  it('a business customer on invoice gets an invoice with payment terms', async () => {
    const answer = await order('invoice-journey@example.test', {
      invoice: true,
      customer: { company: 'Acme B.V.', vat_id: 'NL987654321B01', address: 'Dam 1', zipcode: '1012 JS', city: 'Amsterdam' },
    });
    expect(answer.orders[0]!.order!.status).toBe('PAID');
    const [invoice] = await documentsOf(answer.orders[0]!.order!.hash);
    expect(invoice).toMatchObject({ kind: 'INVOICE', number: 'IN-2030-00001', total: 42 });
    const [stored] = await shop.db.select().from(documents).where(eq(documents.id, invoice!.id));
    expect(stored!.data.paymentTerms).toEqual({ days: 14, dueOn: '2030-06-17' });
    expect(stored!.data.buyer).toMatchObject({ company: 'Acme B.V.', vatId: 'NL987654321B01' });
    const text = pdfText(
      (await shop.app.inject({ method: 'GET', url: `/api/orders/${answer.orders[0]!.order!.hash}/documents/${invoice!.id}` })).rawPayload,
    ).join('\n');
    expect(text).toContain('Factuur IN-2030-00001');
    expect(text).toContain('Acme B.V.');
    expect(text).toMatch(/Te betalen vóór .*17 juni 2030 \(14 dagen\)/);
  }, 120_000);
});
