/**
 * Bad input around tax and documents, each a coded refusal or a correct result (issue 34): a VAT ID of
 * the wrong format, a tax rate below 0 or above 100 %, a tax rule still in use, a credit note larger
 * than what remains on its invoice, and a crash in the middle of issuing (the number comes back: no gap).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { rowsOf } from '../../../server/db/raw-rows.ts';
import { documents, orders, products } from '../../../server/db/schema/index.ts';
import { createDocumentIssue } from '../../../server/modules/documents/index.ts';
import { customerWith } from '../helpers/customers.ts';
import { staffSession, type StaffSession } from '../helpers/staff-session.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

const NOW = '2030-06-03T07:00:00Z';
let shop: TestShop;
let manager: StaffSession;
let guidebook: number;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  manager = await staffSession(shop.app, 'manager');
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-guidebook'));
  guidebook = row!.id;
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const invoiceOrder = (vatId: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customer: { ...customerWith('business@example.test'), company: 'Acme B.V.', vat_id: vatId },
      invoice: true,
      orders: [{ product: { id: guidebook, quantity: 1 } }],
    },
  });

const invoiceNumbers = async (db: Pick<TestShop['db'], 'execute'> = shop.db) =>
  rowsOf<{ number: number }>(await db.execute(sql`select number from documents where series = 'IN' order by number`)).map((row) => Number(row.number));

describe('tax and documents refuse bad input', () => {
  it('refuses a VAT ID of the wrong format with VAT_ID_INVALID and writes nothing', async () => {
    const before = await shop.db.$count(orders);
    const refused = await invoiceOrder('NL12345');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'VAT_ID_INVALID', fields: { 'customer.vat_id': 'vat_id' } });
    expect(await shop.db.$count(orders)).toBe(before);
  });

  it('refuses tax rates below 0 or above 100 %, and deleting a rule in use', async () => {
    const post = (rate: number) =>
      shop.app.inject({ method: 'POST', url: '/api/backoffice/settings/tax-rules', headers: manager.headers, payload: { name: 'Odd', rate } });
    for (const rate of [-1, 100.01, 9.001]) {
      const refused = await post(rate);
      expect(refused.statusCode, String(rate)).toBe(400);
      expect(refused.json().error).toBe('TAX_RATE_INVALID');
    }
    const made = await post(5.5);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ name: 'Odd', rate: 5.5, kind: 'STANDARD', used_by: 0 });
    const list = await shop.app.inject({ method: 'GET', url: '/api/backoffice/settings/tax-rules', headers: manager.headers });
    const inUse = (list.json() as { tax_rules: { id: number; used_by: number }[] }).tax_rules.find((rule) => rule.used_by > 0)!;
    const removeInUse = await shop.app.inject({ method: 'DELETE', url: `/api/backoffice/settings/tax-rules/${inUse.id}`, headers: manager.headers });
    expect(removeInUse.statusCode).toBe(409);
    expect(removeInUse.json().error).toBe('TAX_RULE_IN_USE');
    const removed = await shop.app.inject({ method: 'DELETE', url: `/api/backoffice/settings/tax-rules/${made.json().id}`, headers: manager.headers });
    expect(removed.statusCode).toBe(200);
  });

  it('numbers on after a crash mid-issue: the rolled-back number is issued next, no gap', async () => {
    const first = await invoiceOrder('NL123456789B01');
    expect(first.statusCode, first.body).toBe(200);
    const numbers = await invoiceNumbers();
    const hash = (first.json() as OrderResponse).response.orders[0]!.order!.hash;
    const [order] = await shop.db.select().from(orders).where(eq(orders.hash, hash));
    const issue = createDocumentIssue();
    // Issue again for the order as if it had none, then crash before the commit.
    await expect(
      shop.db.transaction(async (tx) => {
        await tx.delete(documents).where(eq(documents.orderId, order!.id));
        await issue.issuePaid(tx, [order!], shop.clock.now());
        // In the transaction the next number is taken…
        expect((await invoiceNumbers(tx)).at(-1)).toBe(numbers.length + 1);
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    // …and given back by the rollback with the document: the next invoice gets it.
    expect(await invoiceNumbers()).toEqual(numbers);
    const second = await invoiceOrder('DE123456789');
    expect(second.statusCode, second.body).toBe(200);
    expect(await invoiceNumbers()).toEqual([...numbers, numbers.length + 1]);
  });

  it('refuses a credit note larger than what remains on its invoice, and writes none', async () => {
    const placed = await invoiceOrder('BE0123456789');
    const hash = (placed.json() as OrderResponse).response.orders[0]!.order!.hash;
    const [order] = await shop.db.select().from(orders).where(eq(orders.hash, hash));
    const issue = createDocumentIssue();
    const count = await shop.db.$count(documents);
    await expect(
      shop.db.transaction((tx) =>
        issue.creditNote(tx, order!, { amountCents: order!.totalCents + 1, tickets: false, cancelling: false, reason: null }, shop.clock.now()),
      ),
    ).rejects.toMatchObject({ code: 'CREDIT_NOTE_EXCEEDS_INVOICE', statusCode: 409 });
    expect(await shop.db.$count(documents)).toBe(count);
    // What remains, exactly, is given back: the invoice and its credit note sum to 0.
    const credited = await shop.db.transaction((tx) =>
      issue.creditNote(tx, order!, { amountCents: order!.totalCents, tickets: false, cancelling: false, reason: 'all back' }, shop.clock.now()),
    );
    expect(credited).not.toBeNull();
    const [sum] = rowsOf<{ gross: number }>(await shop.db.execute(sql`select sum(gross_cents)::int as gross from documents where order_id = ${order!.id}`));
    expect(sum?.gross).toBe(0);
    await expect(
      shop.db.transaction((tx) => issue.creditNote(tx, order!, { amountCents: 1, tickets: false, cancelling: false, reason: null }, shop.clock.now())),
    ).rejects.toMatchObject({ code: 'CREDIT_NOTE_EXCEEDS_INVOICE' });
  });

  it('keeps the seller’s name, address and VAT ID in the shop settings, refusing a VAT ID of the wrong format', async () => {
    const owner = await staffSession(shop.app, 'owner');
    const url = '/api/backoffice/settings/organisation';
    const read = await shop.app.inject({ url, headers: owner.headers });
    expect(read.statusCode, read.body).toBe(200);
    const { version, ...settings } = read.json() as { version: string } & Record<string, unknown>;
    expect(settings).toMatchObject({ legal_name: 'Tidewater Zoo & Aquarium B.V.', vat_id: 'NL123456789B01', invoice_due_days: 14 });
    const put = (changes: object) =>
      shop.app.inject({ method: 'PUT', url, headers: owner.headers, payload: { version, settings: { ...settings, ...changes } } });
    const refused = await put({ vat_id: 'NL12' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('VAT_ID_INVALID');
    const saved = await put({ legal_name: 'Tidewater Holding B.V.', address: 'Dok 2\n1011 AB Amsterdam', vat_id: 'nl 1234.56789 b02', invoice_due_days: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ legal_name: 'Tidewater Holding B.V.', vat_id: 'NL123456789B02', invoice_due_days: 30 });
    const placed = await invoiceOrder('NL123456789B01');
    const hash = (placed.json() as OrderResponse).response.orders[0]!.order!.hash;
    const [order] = await shop.db.select().from(orders).where(eq(orders.hash, hash));
    const [invoice] = await shop.db.select().from(documents).where(eq(documents.orderId, order!.id));
    expect(invoice!.data.seller).toMatchObject({ name: 'Tidewater Holding B.V.', address: 'Dok 2\n1011 AB Amsterdam', vatId: 'NL123456789B02' });
    expect(invoice!.data.paymentTerms?.days).toBe(30);
  });
});
