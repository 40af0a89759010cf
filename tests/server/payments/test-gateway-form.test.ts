/**
 * TEST_GATEWAY_MODE=form: an order to pay answers payment type FORM with base64 form markup that
 * posts to /api/test-gateway/{hash}/start, which lands (303) on the same test page REDIRECT uses.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { loadConfig } from '../../../server/config.ts';
import { payments, plots, products } from '../../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { tourCustomer as customer } from '../helpers/customers.ts';

const NOW = '2030-06-03T07:00:00Z';

let shop: TestShop;
let line: { product: { id: number; plot: number; quantity: number } };

beforeAll(async () => {
  shop = await createTestShop({ now: NOW, config: { testGatewayMode: 'form' } });
  const [product] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
  const [plot] = await shop.db
    .select({ id: plots.id })
    .from(plots)
    .where(and(eq(plots.productId, product?.id ?? 0), eq(plots.date, '2030-06-11'), eq(plots.startTime, '09:00:00')));
  line = { product: { id: product?.id ?? 0, plot: plot?.id ?? 0, quantity: 1 } };
});

afterAll(async () => shop?.close());

describe('the test gateway in FORM mode', () => {
  it('answers FORM with base64 markup posting to .../start, which redirects to the test page', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: { customer, orders: [line] } });
    expect(response.statusCode, response.body).toBe(200);
    const [result] = (response.json() as OrderResponse).response.orders;
    const payment = result?.payment;
    expect(payment).toMatchObject({ type: 'FORM', gateway: 'test' });
    const form = (payment?.transaction as { response: { form: string } }).response.form;
    const markup = Buffer.from(form, 'base64').toString('utf8');
    const start = `/api/test-gateway/${payment?.hash}/start`;
    expect(markup).toMatch(new RegExp(`^<form method="post" action="${start}"`));
    expect(markup).toContain('<button type="submit">');
    const [row] = await shop.db
      .select()
      .from(payments)
      .where(eq(payments.hash, payment?.hash ?? ''));
    expect(row?.type).toBe('FORM');

    // What a browser does when the storefront submits the form.
    const posted = await shop.app.inject({
      method: 'POST',
      url: start,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `payment=${payment?.hash}`,
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/api/test-gateway/${payment?.hash}`);
    const page = await shop.app.inject({ method: 'GET', url: String(posted.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="/api/test-gateway/${payment?.hash}/pay"`);

    // GET /api/payment/{hash} resumes it the same way.
    const resumed = await shop.app.inject({ method: 'GET', url: `/api/payment/${result?.order?.hash}` });
    expect(resumed.json()).toMatchObject({ ok: true, response: { payment: { type: 'FORM', transaction: { response: { form } } } } });
  });

  it('answers 404 on .../start for an unknown payment', async () => {
    expect((await shop.app.inject({ method: 'POST', url: '/api/test-gateway/unknown/start' })).statusCode).toBe(404);
  });

  it('reads TEST_GATEWAY_MODE: redirect by default, form, and refuses anything else', () => {
    expect(loadConfig({}).testGatewayMode).toBe('redirect');
    expect(loadConfig({ TEST_GATEWAY_MODE: 'FORM' }).testGatewayMode).toBe('form');
    expect(() => loadConfig({ TEST_GATEWAY_MODE: 'popup' })).toThrow(/TEST_GATEWAY_MODE/);
  });
});
