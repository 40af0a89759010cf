/**
 * The order confirmation mail goes through the outbox in the transaction that makes the orders
 * PAID or RESERVED: once per checkout, in the order's language, and never for a failed payment
 * or a price simulation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { giftCards, outbox, products } from '../../server/db/schema/index.ts';
import { renderOrderConfirmation } from '../../server/modules/mail/order-confirmation.ts';
import { resetTourSlot, slotsMiscountingHolds, tourPlot } from './helpers/tour-slot.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';
import { tourCustomer as customer } from './helpers/customers.ts';

const NOW = '2030-06-03T07:00:00Z';
const DAY = '2030-06-11';

let shop: TestShop;
let bts: number;
let plot: number;
let titles: Record<string, string | undefined>;

async function order(extra: Record<string, unknown>, quantity = 2) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer, orders: [{ product: { id: bts, plot, quantity } }], ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderResponse;
}

async function pendingOrder(language: string) {
  const [line] = (await order({ language })).response.orders;
  if (!line?.payment || !line.order) throw new Error('no payment');
  return { orderHash: line.order.hash, paymentHash: line.payment.hash };
}

const act = (paymentHash: string, action: string) => shop.app.inject({ method: 'POST', url: `/api/test-gateway/${paymentHash}/${action}` });
const mails = () => shop.db.select().from(outbox).where(eq(outbox.kind, 'order-confirmation'));

beforeAll(async () => {
  shop = await createTestShop({ now: NOW, config: { publicUrl: 'https://shop.example' } });
  const [product] = await shop.db.select({ id: products.id, texts: products.texts }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  bts = product?.id as number;
  titles = { en: product?.texts.en?.title, nl: product?.texts.nl?.title };
  plot = await tourPlot(shop.db, bts, DAY);
});

afterAll(async () => shop?.close());

// Whatever the test did, every slot's held places are its counted holds (the places-taken reads rely on it).
afterEach(async () => {
  expect(await slotsMiscountingHolds(shop.db)).toEqual([]);
});

beforeEach(async () => {
  await resetTourSlot(shop, plot, NOW);
  await shop.db.delete(outbox);
});

describe('order confirmation mail', () => {
  it('is written once when the test gateway pays, in Dutch for a Dutch order, with the items, total and return link', async () => {
    const { orderHash, paymentHash } = await pendingOrder('nl');
    expect(await mails()).toHaveLength(0);
    await act(paymentHash, 'pay');
    await act(paymentHash, 'pay');
    const sent = await mails();
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.recipient).toBe('ada@example.test');
    expect(mail?.subject).toContain('Je bestelling is bevestigd');
    expect(mail?.text).toContain('Beste Ada Lovelace,');
    expect(titles.nl).toBeTruthy();
    expect(mail?.text).toContain(titles.nl);
    expect(mail?.text).toContain('09:00');
    expect(mail?.text).toMatch(/2 × /);
    expect(mail?.text).toMatch(/Totaal: €\s71,00/);
    expect(mail?.text).toContain(`https://shop.example/checkout/return/${orderHash}`);
    expect(mail?.html).toContain('<html lang="nl">');
    expect(mail?.html).toContain(`href="https://shop.example/checkout/return/${orderHash}"`);
  });

  it('is not written when the payment fails or is cancelled', async () => {
    await act((await pendingOrder('en')).paymentHash, 'fail');
    await act((await pendingOrder('en')).paymentHash, 'cancel');
    expect(await mails()).toHaveLength(0);
  });

  it('is written once for a reservation, linking to the reservation page', async () => {
    const [line] = (await order({ action: 'reserve', language: 'en' })).response.orders;
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain('Your reservation is confirmed');
    expect(sent[0]?.text).toContain(titles.en);
    expect(sent[0]?.text).toContain(`https://shop.example/reservation/${line?.order?.hash}`);
  });

  it('is written for an order with nothing to pay (PAID at once)', async () => {
    await shop.db.insert(giftCards).values({ code: 'GIFT-MAIL', creditCents: 100_000, expiresOn: null });
    const [line] = (await order({ coupon: ['GIFT-MAIL'], language: 'de' })).response.orders;
    expect(line?.order?.status).toBe('PAID');
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('Hallo Ada Lovelace,');
    expect(sent[0]?.text).toContain(`/checkout/return/${line?.order?.hash}`);
  });

  it('is not written for a price simulation', async () => {
    await order({ simulate: true, customer: { ...customer, email: 'placeholder@example.test' } });
    expect(await mails()).toHaveLength(0);
  });

  it('escapes what the customer typed in the HTML', () => {
    const mail = renderOrderConfirmation({
      language: 'fr',
      status: 'RESERVED',
      recipient: 'x@example.test',
      name: '<script>alert(1)</script>',
      shopName: 'Zoo & Co',
      currency: 'EUR',
      items: [{ title: 'Visite', when: null, quantities: ['1 × Adulte'], totalCents: 1250, link: 'https://shop.example/reservation/abc' }],
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Zoo &amp; Co');
    expect(mail.text).toContain('Bonjour <script>alert(1)</script>,');
    expect(mail.text).toMatch(/Total : 12,50\s€|Total: 12,50\s€/);
  });
});
