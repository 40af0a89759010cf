/**
 * Across processes (server:postgres only): two API processes share one PostgreSQL, with the Stripe
 * adapter pointed at the fake Stripe API. One paid checkout is told about many times at once — the
 * same signed webhook delivered to both processes over and over, and return visits to both, each
 * asking Stripe itself — and it changes state exactly once: one recorded transition, its places
 * sold once, one confirmation mail.
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { holds, outbox, paymentEvents, payments, plots, products } from '../../../server/db/schema/index.ts';
import { startFakeStripe, type FakeStripe } from '../../fakes/stripe-api.ts';
import { apiProcesses, freePort } from '../helpers/api-processes.ts';
import { tourCustomer as customer } from '../helpers/customers.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from '../helpers/test-app.ts';

if (!testDatabaseUrl()) throw new Error('payment-settlement needs SHOP_TEST_DATABASE_URL (the server:postgres project)');

const WEBHOOK_SECRET = 'whsec_two_processes';
const keys = { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_two_processes', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
const processes = apiProcesses();
let shop: TestShop | undefined;
let fake: FakeStripe | undefined;

describe('a payment told many times at once, in two API processes', () => {
  beforeAll(async () => {
    shop = await createTestShop();
    fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  });

  afterAll(async () => {
    await processes.stopAll();
    await fake?.close();
    await shop?.close();
  });

  it('settles once: one transition, places sold once, one confirmation mail', async () => {
    const db = (shop as TestShop).db;
    const stripe = fake as FakeStripe;
    const ports = [await freePort(), await freePort()];
    const env = { ...keys, PAYMENT_GATEWAY: 'stripe', STRIPE_API_BASE: stripe.url };
    await Promise.all(ports.map((port) => processes.start(port, { ...env, PUBLIC_URL: `http://127.0.0.1:${port}` })));
    const api = (index: number, path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${ports[index % 2]}/api${path}`, init);

    const [tour] = await db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const [plot] = await db
      .select({ id: plots.id, sold: plots.sold })
      .from(plots)
      .where(and(eq(plots.productId, tour?.id ?? 0), gte(plots.date, soon)))
      .orderBy(asc(plots.date), asc(plots.startTime))
      .limit(1);
    if (!plot) throw new Error('no tour slot ahead');

    const placed = await api(0, '/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customer, orders: [{ product: { id: tour?.id, plot: plot.id, quantity: 2 } }] }),
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    const [line] = ((await placed.json()) as OrderResponse).response.orders;
    const orderHash = line?.order?.hash ?? '';
    const paymentHash = line?.payment?.hash ?? '';
    const sessionId = String(line?.payment?.transaction ? line.payment.transaction.response.session : '');

    // The shopper pays on Stripe's page; Stripe's event exists, and Stripe now says "paid" when asked.
    const session = stripe.sessions.get(sessionId);
    if (!session) throw new Error('no session at the fake');
    session.status = 'complete';
    session.payment_status = 'paid';
    const event = stripe.signedEvent('checkout.session.completed', sessionId);

    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, index) =>
        api(index, '/payments/stripe/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
          body: event.payload,
        }).then((response) => response.status),
      ),
      ...Array.from({ length: 6 }, (_, index) => api(index, `/orders/${orderHash}`).then((response) => response.status)),
    ]);
    expect(answers.every((status) => status === 200)).toBe(true);

    const [payment] = await db.select().from(payments).where(eq(payments.hash, paymentHash));
    expect(payment?.status).toBe('paid');
    const transitions = await db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment?.id ?? 0));
    expect(transitions.map((row) => [row.fromStatus, row.toStatus])).toEqual([['pending', 'paid']]);
    const [after] = await db.select({ sold: plots.sold }).from(plots).where(eq(plots.id, plot.id));
    expect(after?.sold).toBe(plot.sold + 2);
    const [held] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(holds)
      .where(eq(holds.plotId, plot.id));
    expect(Number(held?.n)).toBe(0);
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'order-confirmation'), eq(outbox.recipient, customer.email)));
    expect(mails).toHaveLength(1);
  }, 120_000);
});
