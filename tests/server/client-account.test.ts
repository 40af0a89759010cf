/**
 * A shopper's own account through the real API (issue 19, item 13; server/modules/client/account.*):
 * sign-up confirmed by its mailed link, "forgot password", the account page's read, the data
 * download and erasing the account. The mails are read from the outbox (no SMTP in these tests).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clients, orders, outbox, products, rateLimitWindows, sessions } from '../../server/db/schema/index.ts';
import { RULES } from '../../server/security/abuse-limits.ts';
import type { Account, AccountExport } from '#domain/contracts/client.ts';
import { tourCustomer } from './helpers/customers.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';
import { tourPlot } from './helpers/tour-slot.ts';

const NOW = '2030-06-03T07:00:00Z';
const DEMO = { email: 'demo@tidewater.example', password: 'tidewater-demo' };

let shop: TestShop;
let addressCounter = 0;
const freshAddress = () => `10.7.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  shop.clock.set(NOW);
  await shop.db.delete(rateLimitWindows);
  await shop.db.delete(outbox);
});

function post(url: string, payload: Record<string, unknown>, options: { cookie?: string; ip?: string } = {}) {
  return shop.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.ip ?? freshAddress(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}
const get = (url: string, cookie?: string) => shop.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const cookieOf = (response: LightMyRequestResponse) => /shop_session=[^;]+/.exec(String(response.headers['set-cookie']))?.[0] ?? '';
const signUp = (email: string, password = 'a sea lion named Bob', ip?: string) =>
  post('/api/client/sign-up', { email, password, first_name: 'Robin', last_name: 'Vos' }, ip ? { ip } : {});

/** The mails to an address, oldest first, with the token of the link each carries. */
async function mailsTo(email: string) {
  const rows = await shop.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);
  return rows.map((row) => ({ kind: row.kind, text: row.text, link: /http\S+\/client\/(login|reset)\?token=([^&\s]+)/.exec(row.text) }));
}

describe('sign-up', () => {
  it('makes an account that works only once the mailed link confirms the address', async () => {
    const email = 'robin.signup@example.test';
    const answer = await signUp(email);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ status: 'MAIL_SENT' });
    expect(answer.headers['set-cookie']).toBeUndefined();

    // Not usable yet: the password is refused like a wrong one.
    expect((await post('/api/client/login', { email, password: 'a sea lion named Bob' })).json().error).toBe('INVALID_CREDENTIALS');

    const [mail] = await mailsTo(email);
    expect(mail?.kind).toBe('client-signUp');
    expect(mail?.link?.[1]).toBe('login');
    const confirmed = await post('/api/client', { token: decodeURIComponent(mail!.link![2]!) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().email).toBe(email);
    expect(cookieOf(confirmed)).not.toBe('');

    expect((await post('/api/client/login', { email, password: 'a sea lion named Bob' })).statusCode).toBe(200);
    // The link works once.
    expect((await post('/api/client', { token: decodeURIComponent(mail!.link![2]!) })).json().error).toBe('INVALID_TOKEN');
  });

  it('answers an address that has an account like a new one, and mails its owner instead', async () => {
    const answer = await signUp(DEMO.email, 'someone elses password');
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ status: 'MAIL_SENT' });
    const [mail] = await mailsTo(DEMO.email);
    expect(mail?.kind).toBe('client-existing');
    expect(mail?.link?.[1]).toBe('reset');
    // Nothing changed: the owner's password still works, the typed one does not.
    expect((await post('/api/client/login', DEMO)).statusCode).toBe(200);
    expect((await post('/api/client/login', { email: DEMO.email, password: 'someone elses password' })).statusCode).toBe(401);
  });

  it('refuses a weak password and a malformed address, and counts the mails it sends', async () => {
    expect((await signUp('weak@example.test', 'abc')).json().error).toBe('VALIDATION_FAILED');
    expect((await signUp('weak@example.test', 'password')).json()).toMatchObject({ error: 'PASSWORD_TOO_WEAK', fields: { password: 'COMMON' } });
    expect((await signUp('not-an-address')).json().error).toBe('VALIDATION_FAILED');
    expect(await mailsTo('weak@example.test')).toEqual([]);

    const target = 'flooded@example.test';
    for (let sent = 0; sent < RULES.mailsPerRecipient.limit; sent += 1) expect((await signUp(target)).statusCode).toBe(202);
    const refused = await signUp(target);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('RATE_LIMITED');
    expect(await mailsTo(target)).toHaveLength(RULES.mailsPerRecipient.limit);
  });
});

describe('forgot password', () => {
  it('mails a link to an account and nothing to an unknown address, answering both alike', async () => {
    const unknown = await post('/api/client/sign-in-link', { email: 'nobody@example.test' });
    const known = await post('/api/client/sign-in-link', { email: DEMO.email });
    expect([unknown.statusCode, known.statusCode]).toEqual([202, 202]);
    expect(unknown.json()).toEqual(known.json());
    // The link is mailed after the answer (an address with an account is answered as fast as one without).
    const [mail] = await vi.waitFor(async () => {
      const mails = await mailsTo(DEMO.email);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(await mailsTo('nobody@example.test')).toEqual([]);
    expect(mail?.kind).toBe('client-reset');
    const token = decodeURIComponent(mail!.link![2]!);

    const other = await post('/api/client/login', DEMO);
    // A refused password leaves the link working.
    expect((await post('/api/client/password-reset', { token, password: '123456' })).json()).toMatchObject({
      error: 'PASSWORD_TOO_WEAK',
      fields: { password: 'TOO_SHORT' },
    });
    const reset = await post('/api/client/password-reset', { token, password: 'a new tide at dawn' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().email).toBe(DEMO.email);
    // Every other session ended; the old password is gone; the link worked once.
    expect((await get('/api/client', cookieOf(other))).json()).toBeNull();
    expect((await get('/api/client', cookieOf(reset))).json().email).toBe(DEMO.email);
    expect((await post('/api/client/login', DEMO)).statusCode).toBe(401);
    expect((await post('/api/client/password-reset', { token, password: 'another one again' })).json().error).toBe('INVALID_TOKEN');

    const [demo] = await shop.db.select({ id: clients.id }).from(clients).where(eq(clients.email, DEMO.email));
    await shop.db.delete(sessions).where(eq(sessions.clientId, demo!.id));
    // Put the demo password back for the other tests.
    await post('/api/client/sign-in-link', { email: DEMO.email });
    const [, again] = await vi.waitFor(async () => {
      const mails = await mailsTo(DEMO.email);
      expect(mails).toHaveLength(2);
      return mails;
    });
    expect((await post('/api/client/password-reset', { token: decodeURIComponent(again!.link![2]!), password: DEMO.password })).statusCode).toBe(200);
  });
});

describe('the account page, the data download and erasing the account', () => {
  it('needs a session', async () => {
    expect((await get('/api/client/account')).json().error).toBe('LOGIN_REQUIRED');
    expect((await get('/api/client/export')).json().error).toBe('LOGIN_REQUIRED');
    expect((await shop.app.inject({ method: 'DELETE', url: '/api/client', payload: { password: 'x' } })).json().error).toBe('LOGIN_REQUIRED');
  });

  it("shows the demo client's passes with their renewal", async () => {
    const cookie = cookieOf(await post('/api/client/login', DEMO));
    const account = (await get('/api/client/account', cookie)).json() as Account;
    expect(account.passes.length).toBeGreaterThan(0);
    for (const pass of account.passes) expect(pass.renewal_hash !== null).toBe(pass.renewable);
    const renewable = account.passes.find((pass) => pass.renewal_hash !== null);
    expect((await get(`/api/client/subscription/${renewable!.renewal_hash}`, cookie)).statusCode).toBe(200);
  });

  it("lists a client's reservation, exports it, and erases the account keeping the order anonymised", async () => {
    const email = 'erase.me@example.test';
    await signUp(email, 'my secret sea lion');
    const [mail] = await mailsTo(email);
    const cookie = cookieOf(await post('/api/client', { token: decodeURIComponent(mail!.link![2]!) }));
    const [tour] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'behind-the-scenes'));
    const plot = await tourPlot(shop.db, tour!.id, '2030-06-10');
    const reserved = await post(
      '/api/orders',
      {
        action: 'reserve',
        customer: { ...tourCustomer, email, fields: { ...tourCustomer.fields, email_confirm: email } },
        orders: [{ product: { id: tour!.id, plot, quantity: 2 } }],
      },
      { cookie },
    );
    expect(reserved.statusCode).toBe(200);

    const account = (await get('/api/client/account', cookie)).json() as Account;
    expect(account.orders).toHaveLength(1);
    expect(account.orders[0]).toMatchObject({ status: 'RESERVED', kind: 'PRODUCT', date: '2030-06-10', start_time: '09:00', quantity: 2 });
    const total = account.orders[0]!.total;

    const exported = await get('/api/client/export', cookie);
    expect(exported.headers['content-disposition']).toContain('attachment');
    const data = exported.json() as AccountExport;
    expect(data.client.email).toBe(email);
    expect(data.account.orders).toEqual(account.orders);

    const del = (password: string) =>
      shop.app.inject({ method: 'DELETE', url: '/api/client', payload: { password }, headers: { cookie }, remoteAddress: freshAddress() });
    expect((await del('not my password')).json().error).toBe('INVALID_CREDENTIALS');
    expect((await del('my secret sea lion')).statusCode).toBe(200);

    expect(await shop.db.select().from(clients).where(eq(clients.email, email))).toEqual([]);
    expect((await get('/api/client', cookie)).json()).toBeNull();
    const [kept] = await shop.db
      .select()
      .from(orders)
      .where(and(eq(orders.plotId, plot)))
      .orderBy(desc(orders.id))
      .limit(1);
    expect(kept?.clientId).toBeNull();
    // The account page names the order by its public number, not its row id.
    expect(account.orders[0]!.number).toBe(kept?.number);
    expect(kept?.customer.email).toBe('');
    expect(kept?.customer.last_name).toBe('');
    expect(kept?.totalCents).toBe(Math.round(total * 100));
    expect(kept?.status).toBe('RESERVED');
  });
});
