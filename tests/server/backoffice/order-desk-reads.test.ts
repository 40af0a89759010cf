/**
 * The orders desk's reads and the back office's other desks on a real shop: the search (order
 * number, e-mail, name, e-ticket code, gift card code, filters, keyset pages), an order's page
 * (lines, payment, refunds, tickets, mails, timeline), the refund-request inbox (accept refunds
 * through the desk and marks it, decline mails the visitor in their language, each once), gift
 * cards (issue, adjust with a reason, never below 0, void), a coupon's uses and a client's passes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { clientSubscriptions, clients, giftCards, orders, outbox, paymentRefunds, products, refundRequests, tickets } from '../../../server/db/schema/index.ts';
import { createCapacityGuard, createOrderChanges, type StaffAuditEntry } from '../../../server/modules/checkout/index.ts';
import { createCheckoutCatalogueReader } from '../../../server/modules/catalogue/index.ts';
import { couponDiscountOfOrder, couponUses, createDiscountLedger, findCouponsByCodes } from '../../../server/modules/coupons/index.ts';
import { createOrderDeskService } from '../../../server/modules/order-desk/index.ts';
import { createRefundRequestInbox } from '../../../server/modules/refund-requests/index.ts';
import { createPassDesk, createRedemptionLedger } from '../../../server/modules/subscriptions/index.ts';
import { refundTickets, validTicketPositions } from '../../../server/modules/tickets/index.ts';
import { createGiftCardDesk, createGiftCardLedger, createVoucherStock } from '../../../server/modules/vouchers/index.ts';
import { tourPlot } from '../helpers/tour-slot.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { tourCustomer } from '../helpers/customers.ts';

const NOW = '2030-06-03T07:00:00Z';
const DAY = '2030-06-11';
const SHOPPER = 'demo@tidewater.example';

let shop: TestShop;
let tour: number;
let plot: number;
let cookie: string;
const audits: StaffAuditEntry[] = [];
const audit = async (_tx: unknown, entry: StaffAuditEntry) => {
  audits.push(entry);
};

const desk = () =>
  createOrderChanges({
    db: shop.db,
    clock: shop.clock,
    capacity: createCapacityGuard({ enforce: true, raceDelayMs: 0 }),
    takings: [createDiscountLedger(), createGiftCardLedger(), createVoucherStock(), createRedemptionLedger({ clock: shop.clock })],
    mail: shop.app.services.orderMail,
    catalogue: createCheckoutCatalogueReader(),
    coupons: { byCodes: findCouponsByCodes, discountOfOrder: couponDiscountOfOrder },
    tickets: { refund: refundTickets, valid: validTicketPositions },
    reservationHours: 24,
    audit,
  });
const reads = () => createOrderDeskService({ db: shop.db });

async function paidOrder(quantity: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { customer: tourCustomer, orders: [{ product: { id: tour, plot, quantity } }], ...extra },
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const [line] = (response.json() as OrderResponse).response.orders;
  if (!line?.payment || !line.order) throw new Error('no payment');
  await shop.app.inject({
    method: 'POST',
    url: `/api/test-gateway/${line.payment.hash}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  const [order] = await shop.db.select().from(orders).where(eq(orders.hash, line.order.hash));
  if (!order) throw new Error('no order');
  return order;
}

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  tour = row?.id as number;
  plot = await tourPlot(shop.db, tour, DAY);
  const login = await shop.app.inject({ method: 'POST', url: '/api/client/login', payload: { email: SHOPPER, password: 'tidewater-demo' } });
  cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
});
afterAll(async () => {
  await shop?.close();
});

describe('search and order page', () => {
  it('finds an order by number, e-mail, name, e-ticket code and gift card code, and filters', async () => {
    const order = await paidOrder(2);
    const search = (q: Record<string, unknown>) => reads().search({ status: [], limit: 50, ...q });
    const numbers = async (q: Record<string, unknown>) => (await search(q)).orders.map((found) => found.number);
    expect(await numbers({ q: String(order.number) })).toEqual([order.number]);
    expect(await numbers({ q: tourCustomer.email.toUpperCase() })).toContain(order.number);
    expect(await numbers({ q: tourCustomer.email.slice(0, tourCustomer.email.indexOf('@') + 1) })).toContain(order.number);
    expect(await numbers({ q: tourCustomer.last_name.slice(0, 4) })).toContain(order.number);
    expect(await numbers({ q: `${tourCustomer.first_name} ${tourCustomer.last_name}` })).toContain(order.number);
    expect(await numbers({ q: 'Nobody-by-this-name' })).toEqual([]);
    // Typed LIKE characters match literally.
    expect(await numbers({ q: '%' })).toEqual([]);
    const [ticket] = await shop.db.select().from(tickets).where(eq(tickets.orderId, order.id));
    expect(await numbers({ q: `T1.${ticket?.id}.${ticket?.nonce}.whatever` })).toEqual([order.number]);
    expect(await numbers({ q: `T1.${ticket?.id}.wrongnonce1.x` })).toEqual([]);
    expect(await numbers({ q: String(order.number), status: ['CANCELLED'] })).toEqual([]);
    expect(await numbers({ q: String(order.number), payment: 'paid', product: tour, date_from: DAY, date_to: DAY })).toEqual([order.number]);
    expect(await numbers({ q: String(order.number), date_from: '2030-06-12' })).toEqual([]);

    await shop.db.insert(giftCards).values({ code: 'DESK-GIFT', creditCents: 500, expiresOn: null });
    const withCard = await paidOrder(1, { coupon: ['DESK-GIFT'] }, { cookie });
    expect(await numbers({ q: 'desk-gift' })).toEqual([withCard.number]);
  });

  it('pages newest first with a keyset cursor', async () => {
    await paidOrder(1);
    await paidOrder(1);
    const first = await reads().search({ status: [], limit: 2 });
    expect(first.orders).toHaveLength(2);
    expect(first.next_before).toBe(first.orders[1]?.id);
    const second = await reads().search({ status: [], limit: 2, before: first.next_before as number });
    expect(second.orders[0]?.id).toBeLessThan(first.orders[1]?.id as number);
  });

  it("shows an order's lines, payment, refunds, tickets, mails and timeline", async () => {
    const order = await paidOrder(2);
    await desk().refund(
      { kind: 'staff', staffId: 1 },
      { orderHash: order.hash },
      { amountCents: 500, tickets: [2], cancel: false, key: 'page-00001', reason: 'test' },
    );
    const page = await reads().order(order.number);
    expect(page).toMatchObject({ number: order.number, status: 'PAID', quantity: 1, payment: { gateway: 'test', status: 'paid' } });
    // A product without audiences sells plain tickets: the line is named by the product, never "TICKET".
    expect(page.lines).toEqual([expect.objectContaining({ kind: 'TICKET', name: page.product?.title, quantity: 2 })]);
    expect(page.product?.title).toMatch(/\w/);
    expect(page.refunds).toEqual([expect.objectContaining({ amount: 5, status: 'due', this_order: true })]);
    expect(page.refundable).toBe(Math.round(order.totalCents - 500) / 100);
    expect(page.tickets.map((row) => [row.position, row.refunded_at !== null])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(page.mails.map((mail) => mail.kind)).toEqual(expect.arrayContaining(['order-confirmation', 'order-refunded']));
    // Oldest first: placed, paid, the refund (by whom, what it gave back), and the mails between.
    const changes = page.timeline.flatMap((entry) => (entry.kind === 'change' ? [entry.change] : []));
    expect(changes.map((change) => change.event)).toEqual(['placed', 'paid', 'refunded']);
    expect(changes[2]).toMatchObject({ actor: { kind: 'staff', name: expect.any(String) }, amount: 5, tickets: [2], quantity: { from: 2, to: 1 } });
    expect(page.timeline.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['change', 'mail']));
    expect([...page.timeline].sort((a, b) => a.at.localeCompare(b.at))).toEqual(page.timeline);
    await expect(reads().order(1)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('refund-request inbox', () => {
  async function requestFor(orderNumber: string, language: 'nl' | 'en' = 'nl') {
    const [row] = await shop.db
      .insert(refundRequests)
      .values({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', orderNumber, comment: 'ill', language })
      .returning();
    return row?.id as number;
  }
  const inbox = () => createRefundRequestInbox({ db: shop.db, clock: shop.clock, changes: desk(), audit });

  it('lists requests with their order; accept refunds through the desk once', async () => {
    const order = await paidOrder(1);
    const id = await requestFor(String(order.number));
    const unmatched = await requestFor('999999999');
    const { rows } = await inbox().list({ limit: 10 });
    expect(rows.find((row) => row.id === id)).toMatchObject({ status: 'OPEN', order_hash: order.hash });
    expect(rows.find((row) => row.id === unmatched)).toMatchObject({ order_hash: null });
    const accepted = await inbox().accept(3, id, { amountCents: order.totalCents, tickets: [], cancel: true, key: 'inbox-0001' });
    expect(accepted).toMatchObject({ done: true, status: 'REFUNDED' });
    expect((await inbox().one(id)).status).toBe('ACCEPTED');
    await expect(inbox().accept(3, id, { amountCents: 0, tickets: [], cancel: true, key: 'inbox-0002' })).rejects.toMatchObject({
      code: 'REFUND_REQUEST_DECIDED',
    });
    await expect(inbox().accept(3, unmatched, { amountCents: 0, tickets: [], cancel: true, key: 'inbox-0003' })).rejects.toMatchObject({ statusCode: 404 });
    expect(await shop.db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, 'staff-inbox-0001'))).toHaveLength(1);
    // The sender is told, in the language they wrote in, with the amount and how it goes back.
    const told = await shop.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'ada@example.test'), eq(outbox.kind, 'refund-request-accepted')));
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe(`Je verzoek om terugbetaling voor bestelling ${order.number} — Tidewater Zoo & Aquarium`);
    expect(told[0]?.text).toContain(`We hebben je verzoek om bestelling ${order.number} te annuleren en terug te betalen geaccepteerd.`);
    const amount = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(order.totalCents / 100);
    expect(told[0]?.text).toContain(`We betalen ${amount} terug via de manier waarop je betaalde.`);
  });

  it('a refused refund leaves the request open', async () => {
    const order = await paidOrder(1);
    const id = await requestFor(String(order.number));
    await expect(inbox().accept(3, id, { amountCents: order.totalCents + 1, tickets: [], cancel: true, key: 'inbox-0004' })).rejects.toMatchObject({
      code: 'REFUND_EXCEEDS_PAID',
    });
    expect((await inbox().one(id)).status).toBe('OPEN');
  });

  it('decline mails the visitor in their language, once', async () => {
    const id = await requestFor('123', 'nl');
    await inbox().decline(9, id, 'Tickets worden niet terugbetaald.');
    expect((await inbox().one(id)).status).toBe('DECLINED');
    const mails = await shop.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'ada@example.test'), eq(outbox.kind, 'refund-request-declined')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Je verzoek om terugbetaling voor bestelling 123 — Tidewater Zoo & Aquarium');
    expect(mails[0]?.text).toContain('Tickets worden niet terugbetaald.');
    await expect(inbox().decline(9, id, '')).rejects.toMatchObject({ code: 'REFUND_REQUEST_DECIDED' });
  });
});

describe('gift cards, coupons and passes', () => {
  const cards = () => createGiftCardDesk({ db: shop.db, clock: shop.clock, audit });

  it('issues, adjusts (never below 0), voids, and shows a card with its history', async () => {
    const card = await cards().issue(3, { valueCents: 2500, expiresOn: null, reason: 'goodwill' });
    expect(card.creditCents).toBe(2500);
    expect((await cards().adjust(3, card.code.toLowerCase(), -1000, 'spent at the till')).creditCents).toBe(1500);
    await expect(cards().adjust(3, card.code, -1501, 'too much')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(cards().adjust(3, card.code, 100, '  ')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await cards().void(3, card.code, 'lost');
    await expect(cards().adjust(3, card.code, 100, 'again')).rejects.toMatchObject({ code: 'GIFT_CARD_VOID' });
    const looked = await cards().lookup(card.code);
    expect(looked.card).toMatchObject({ creditCents: 0, voidedAt: expect.any(Date) });
    expect(looked.adjustments.map((row) => [row.kind, row.deltaCents])).toEqual([
      ['ISSUE', 2500],
      ['ADJUST', -1000],
      ['VOID', -1500],
    ]);
    expect((await cards().list({ q: card.code.slice(0, 5), limit: 10 })).rows.map((row) => row.code)).toContain(card.code);
    expect(audits.filter((entry) => entry.entity === 'gift_card').map((entry) => entry.action)).toEqual([
      'gift_card.issue',
      'gift_card.adjust',
      'gift_card.void',
    ]);
  });

  it("shows a coupon's uses", async () => {
    const order = await paidOrder(1, { coupon: ['SUMMER10'] }, { cookie });
    const { coupon, uses } = await couponUses(shop.db, 'summer10', { limit: 10 });
    expect(coupon.code).toBe('SUMMER10');
    expect(uses.map((use) => use.number)).toContain(order.number);
    await expect(couponUses(shop.db, 'NO-SUCH', { limit: 10 })).rejects.toMatchObject({ statusCode: 404 });
  });

  it("shows a client's passes and extends one, never backwards", async () => {
    const passDesk = createPassDesk({ db: shop.db, clock: shop.clock, audit });
    const [client] = await shop.db.select().from(clients).where(eq(clients.email, SHOPPER));
    const [card] = await shop.db
      .select()
      .from(clientSubscriptions)
      .where(eq(clientSubscriptions.clientId, client?.id as number));
    if (!card) throw new Error('the demo client has no subscription');
    const seen = await passDesk.ofClient(SHOPPER.toUpperCase());
    expect(seen.subscriptions.map((row) => row.id)).toContain(card.id);
    const later = '2031-12-31';
    expect((await passDesk.extend(5, card.id, later))?.expiresOn).toBe(later);
    await expect(passDesk.extend(5, card.id, '2031-01-01')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(passDesk.extend(5, card.id, 'soon')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
