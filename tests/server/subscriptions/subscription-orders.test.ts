/**
 * POST /api/subscriptions on the checkout core: prices, pass quantities, accounts made with a
 * purchase (usable once the mailed link confirms the address; a taken address answered like a new
 * one), the
 * payment life cycle (client subscription and passes issued once when paid, a confirmation mail),
 * renewals from the current expiration, GET /api/client/subscription/{hash} and GET /api/groups/{id}.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SubscriptionOrderRequest } from '#domain/contracts/subscription-order.ts';
import { addDays } from '#domain/plot-query.ts';
import { clients, clientSubscriptions, giftCards, idempotencyKeys, orders, outbox, passes } from '../../../server/db/schema/index.ts';
import { customerWith } from '../helpers/customers.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { cookieOf, NOW, refused, signIn, subscriptionIds, TODAY, type SubscriptionIds } from './subscription-fixture.ts';

let shop: TestShop;
let ids: SubscriptionIds;
let demo: string;

const post = (payload: SubscriptionOrderRequest, cookie?: string) =>
  shop.app.inject({ method: 'POST', url: '/api/subscriptions', payload, headers: cookie ? { cookie } : {} });

const login = (email: string, password: string) => shop.app.inject({ method: 'POST', url: '/api/client/login', payload: { email, password } });

/** The mails written to `email`, by kind, and the token of the last account mail's link. */
async function mailsTo(email: string) {
  const mails = await shop.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);
  const link = mails
    .filter((mail) => mail.kind.startsWith('account-'))
    .at(-1)
    ?.text.match(/\/client\/login\?token=([\w%-]+)/)?.[1];
  return { kinds: mails.map((mail) => mail.kind), mails, token: link ? decodeURIComponent(link) : null };
}

const followLink = (token: string) => shop.app.inject({ method: 'POST', url: '/api/client', payload: { token } });

function familyOrder(email: string, extra: Partial<SubscriptionOrderRequest> = {}): SubscriptionOrderRequest {
  return {
    customer: { ...customerWith(email), password: 'secret-pass' },
    subscription: { id: ids.family },
    audiences: { [ids.adult]: { quantity: 2 }, [ids.child]: { quantity: 1 } },
    upsells: { [ids.parking]: { quantity: 1 } },
    passes: [
      { pass: null, audience: ids.adult, profile: { name: 'Ada Lovelace' } },
      { pass: null, audience: ids.adult, profile: { name: 'William King' } },
      { pass: null, audience: ids.child, profile: { name: 'Byron King', birthday: '2021-05-01' } },
    ],
    ...extra,
  };
}

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  ids = await subscriptionIds(shop);
  demo = await signIn(shop);
});
afterAll(async () => shop?.close());
beforeEach(() => shop.clock.set(NOW));

describe('POST /api/subscriptions: simulation', () => {
  it('prices passes per audience, the upsell and the booking fee', async () => {
    const response = await post({ ...familyOrder('sim@example.test'), simulate: true, passes: [] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      response: {
        payment: null,
        order: null,
        invoice: false,
        subscription: { amount: 254, prices: { product: 223, upsell: 30, subtotal: 253, discount: 0, additions: 1, total: 254 } },
      },
    });
  });

  it('takes a gift card as the coupon; the fee is not added once the card pays it all', async () => {
    const online = { customer: customerWith('gift@example.test'), subscription: { id: ids.online }, simulate: true };
    const part = (await post({ ...online, coupon: 'gift-demo-2500' })).json();
    expect(part.response.subscription).toEqual({ amount: 36, prices: { product: 60, upsell: 0, subtotal: 60, discount: 25, additions: 1, total: 36 } });
    await shop.db.update(giftCards).set({ creditCents: 10_000 }).where(eq(giftCards.code, 'GIFT-DEMO-FOREVER'));
    const all = (await post({ ...online, coupon: 'GIFT-DEMO-FOREVER' })).json();
    expect(all.response.subscription).toMatchObject({ amount: 0, prices: { discount: 60, additions: 0, total: 0 } });
    await shop.db.update(giftCards).set({ creditCents: 4_000 }).where(eq(giftCards.code, 'GIFT-DEMO-FOREVER'));
  });

  it.each([
    ['11 passes of one audience', { audiences: { adult: 11 } }, 'QUANTITY_INVALID'],
    ['no pass at all', { audiences: {} }, 'QUANTITY_INVALID'],
    ['an audience the subscription does not offer', { audiences: { other: 1 } }, 'AUDIENCE_INVALID'],
  ])('refuses %s', async (_, { audiences }, code) => {
    const map = Object.fromEntries(Object.entries(audiences).map(([key, quantity]) => [key === 'adult' ? ids.adult : 999_999, { quantity }]));
    refused(await post({ ...familyOrder('q@example.test'), simulate: true, audiences: map }), code);
  });

  it('sells other types than PHYSICAL one at a time', async () => {
    refused(
      await post({ customer: customerWith('o@example.test'), subscription: { id: ids.online }, audiences: { [ids.adult]: { quantity: 2 } }, simulate: true }),
      'QUANTITY_INVALID',
    );
  });

  it('refuses a subscription that is not served', async () => {
    refused(await post({ ...familyOrder('n@example.test'), subscription: { id: 999_999 }, simulate: true }), 'SUBSCRIPTION_NOT_AVAILABLE', 404);
  });
});

describe('POST /api/subscriptions: an anonymous customer with a password', () => {
  it('refuses a password under 8 characters and missing holders, making no account', async () => {
    refused(
      await post({ ...familyOrder('short@example.test'), customer: { ...customerWith('short@example.test'), password: 'kw7-pa' } }),
      'PASSWORD_TOO_WEAK',
      400,
    );
    refused(await post({ ...familyOrder('holders@example.test'), passes: [] }), 'PASSES_INVALID', 400);
    expect(await shop.db.select().from(clients).where(eq(clients.email, 'short@example.test'))).toEqual([]);
    expect(await shop.db.select().from(clients).where(eq(clients.email, 'holders@example.test'))).toEqual([]);
  });

  it('answers an address that has an account like a new one: no refusal, no session; the owner is mailed and keeps the password', async () => {
    const taken = await post({ ...familyOrder('demo@tidewater.example'), customer: { ...customerWith('demo@tidewater.example'), password: 'stranger-pass' } });
    const fresh = await post(familyOrder('fresh@example.test'));
    for (const response of [taken, fresh]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(cookieOf(response)).toBe('');
      expect(response.json().response).toMatchObject({ order: { status: 'PENDING' }, payment: { type: 'REDIRECT' } });
    }
    expect(Object.keys(taken.json().response).sort()).toEqual(Object.keys(fresh.json().response).sort());
    // The order is on the owner's account; the owner is told, with a sign-in link; the stranger's password is nothing.
    const [owner] = await shop.db.select().from(clients).where(eq(clients.email, 'demo@tidewater.example'));
    const [order] = await shop.db.select().from(orders).where(eq(orders.hash, taken.json().response.order.hash));
    expect(order?.clientId).toBe(owner?.id);
    const mailed = await mailsTo('demo@tidewater.example');
    expect(mailed.kinds).toEqual(['account-existing']);
    expect(mailed.mails[0]?.text).toContain('Your password was not changed');
    expect((await login('demo@tidewater.example', 'stranger-pass')).statusCode).toBe(401);
    expect((await login('demo@tidewater.example', 'tidewater-demo')).statusCode).toBe(200);
    expect((await mailsTo('fresh@example.test')).kinds).toEqual(['account-confirm']);
  });

  it('makes a stranger’s account for someone’s address unusable; the owner’s own order later gets their own password', async () => {
    const stranger = await post({ ...familyOrder('owner@example.test'), customer: { ...customerWith('owner@example.test'), password: 'stranger-pass' } });
    expect(stranger.statusCode, stranger.body).toBe(200);
    expect(cookieOf(stranger)).toBe('');
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${stranger.json().response.payment.hash}/cancel` });
    // Not confirmed: the password works for no one, answered as for an unknown address.
    const strangerLogin = await login('owner@example.test', 'stranger-pass');
    const unknownLogin = await login('nobody@example.test', 'stranger-pass');
    expect([strangerLogin.statusCode, strangerLogin.json().error]).toEqual([unknownLogin.statusCode, unknownLogin.json().error]);
    expect(strangerLogin.statusCode).toBe(401);
    const strangerLink = (await mailsTo('owner@example.test')).token as string;

    // The owner orders for themselves: no 409, answered the same; their own link sets their own password.
    const own = await post({ ...familyOrder('owner@example.test'), customer: { ...customerWith('owner@example.test'), password: 'owner-pass' } });
    expect(own.statusCode, own.body).toBe(200);
    const mailed = await mailsTo('owner@example.test');
    expect(mailed.kinds).toEqual(['account-confirm', 'account-confirm']);
    const signedIn = await followLink(mailed.token as string);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(cookieOf(signedIn)).toMatch(/^shop_session=/);
    expect((await login('owner@example.test', 'owner-pass')).statusCode).toBe(200);
    expect((await login('owner@example.test', 'stranger-pass')).statusCode).toBe(401);
    // The stranger's older link is spent: it cannot set the stranger's password afterwards.
    refused(await followLink(strangerLink), 'INVALID_TOKEN', 400);
    expect((await login('owner@example.test', 'owner-pass')).statusCode).toBe(200);
  });

  it('answers a retry whose first answer was lost from the subscription order it wrote (Idempotency-Key), and sells once', async () => {
    const send = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/subscriptions',
        payload: familyOrder('lost-answer@example.test'),
        headers: { 'idempotency-key': 'sub-lost' },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    // As if the process had died after the commit, before the answer was kept, and its lease were over.
    await shop.db
      .update(idempotencyKeys)
      .set({ status: null, headers: null, body: null, claim: 'gone', lockedUntil: new Date(Date.parse(NOW) - 1000) })
      .where(eq(idempotencyKeys.key, 'sub-lost'));
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const [client] = await shop.db.select().from(clients).where(eq(clients.email, 'lost-answer@example.test'));
    expect(
      await shop.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.clientId, client?.id as number)),
    ).toHaveLength(1);
  });

  it('makes the account with the order, usable once the mailed link is followed, and issues the passes once when paid', async () => {
    const enrichment = { utm_source: 'newsletter', utm_medium: 'email', referrer: 'https://news.example/june' };
    const response = await post(familyOrder('family@example.test', { enrichment }));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.response).toMatchObject({ payment: { type: 'REDIRECT', gateway: 'test' }, order: { status: 'PENDING' }, subscription: { amount: 254 } });
    expect((await shop.db.select({ enrichment: orders.enrichment }).from(orders).where(eq(orders.hash, body.response.order.hash)))[0]?.enrichment).toEqual(
      enrichment,
    );
    expect(cookieOf(response)).toBe('');
    expect((await login('family@example.test', 'secret-pass')).statusCode).toBe(401);
    const [client] = await shop.db.select().from(clients).where(eq(clients.email, 'family@example.test'));
    expect(client?.emailConfirmedAt).toBeNull();
    expect(
      await shop.db
        .select()
        .from(clientSubscriptions)
        .where(eq(clientSubscriptions.clientId, client?.id as number)),
    ).toEqual([]);

    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${body.response.payment.hash}/pay` });
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${body.response.payment.hash}/pay` });
    const owned = await shop.db
      .select()
      .from(clientSubscriptions)
      .where(eq(clientSubscriptions.clientId, client?.id as number));
    expect(owned).toHaveLength(1);
    expect(owned[0]).toMatchObject({ type: 'PHYSICAL', availableRedemptions: -1, expiresOn: addDays(TODAY, 365), renewable: true });
    const issued = await shop.db
      .select()
      .from(passes)
      .where(eq(passes.clientSubscriptionId, owned[0]?.id as number));
    expect(issued.map((pass) => [pass.audienceId, pass.holderName, pass.birthday])).toEqual([
      [ids.adult, 'Ada Lovelace', null],
      [ids.adult, 'William King', null],
      [ids.child, 'Byron King', '2021-05-01'],
    ]);
    const [order] = await shop.db.select().from(orders).where(eq(orders.hash, body.response.order.hash));
    expect(order).toMatchObject({ status: 'PAID', kind: 'SUBSCRIPTION', clientSubscriptionId: owned[0]?.id });

    const { kinds, mails, token } = await mailsTo('family@example.test');
    expect(kinds).toEqual(['account-confirm', 'subscription-confirmation']);
    expect(mails[1]?.text).toContain('Byron King');
    expect(mails[1]?.text).toContain(`/renew/${owned[0]?.hash}`);

    const signedIn = await followLink(token as string);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = cookieOf(signedIn);
    expect(cookie).toMatch(/^shop_session=/);
    refused(await followLink(token as string), 'INVALID_TOKEN', 400);
    const me = (await shop.app.inject({ url: '/api/client', headers: { cookie } })).json();
    expect(me.subscriptions).toEqual([expect.objectContaining({ type: 'PHYSICAL', subscription: expect.objectContaining({ id: ids.family }) })]);
    const again = await signIn(shop, 'family@example.test', 'secret-pass');
    expect(again).toMatch(/^shop_session=/);
  });

  it('issues nothing for a cancelled payment', async () => {
    const body = (await post(familyOrder('cancel@example.test'))).json();
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${body.response.payment.hash}/cancel` });
    const [client] = await shop.db.select().from(clients).where(eq(clients.email, 'cancel@example.test'));
    expect(
      await shop.db
        .select()
        .from(clientSubscriptions)
        .where(eq(clientSubscriptions.clientId, client?.id as number)),
    ).toEqual([]);
  });
});

describe('renewals', () => {
  it('answers the signed-in client their own renewal, and nothing to anyone else', async () => {
    const response = await shop.app.inject({ url: '/api/client/subscription/demo-family-renewal', headers: { cookie: demo } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      renewable: true,
      expiration: addDays(TODAY, 12),
      subscription: { id: ids.family, type: 'PHYSICAL' },
      passes: [
        { audience: { id: ids.adult, name: 'Adult' }, profile: { name: { full: 'Dana de Vries' }, birthday: '1986-04-12', age: 44 } },
        { audience: { id: ids.child }, profile: { name: { full: 'Sam de Vries' }, age: 12 } },
      ],
    });
    refused(await shop.app.inject({ url: '/api/client/subscription/demo-family-renewal' }), 'LOGIN_REQUIRED', 401);
    const other = await signIn(shop, 'family@example.test', 'secret-pass');
    refused(await shop.app.inject({ url: '/api/client/subscription/demo-family-renewal', headers: { cookie: other } }), 'NOT_FOUND', 404);
    refused(
      await post({ ...familyOrder('x@example.test'), customer: customerWith('x@example.test'), renewal: 'demo-family-renewal' }, other),
      'RENEWAL_INVALID',
      404,
    );
  });

  it('extends the pass from its current expiration, keeping its passes and updating their holders', async () => {
    const view = (await shop.app.inject({ url: '/api/client/subscription/demo-family-renewal', headers: { cookie: demo } })).json();
    const [adultPass, childPass] = view.passes;
    const request: SubscriptionOrderRequest = {
      customer: customerWith('ignored@example.test'),
      subscription: { id: ids.family },
      renewal: 'demo-family-renewal',
      audiences: { [ids.adult]: { quantity: 1 }, [ids.child]: { quantity: 2 } },
      passes: [
        { pass: adultPass.id, audience: ids.adult, profile: { name: 'Dana de Vries' } },
        { pass: childPass.id, audience: ids.child, profile: { name: 'Sam de Vries-Bakker', birthday: '2017-09-03' } },
        { pass: null, audience: ids.child, profile: { name: 'Lou de Vries' } },
      ],
    };
    refused(
      await post({ ...request, passes: [...(request.passes ?? []).slice(0, 2), { pass: 999_999, audience: ids.child, profile: { name: 'X' } }] }, demo),
      'PASSES_INVALID',
    );
    const body = (await post(request, demo)).json();
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${body.response.payment.hash}/pay` });
    const after = (await shop.app.inject({ url: '/api/client/subscription/demo-family-renewal', headers: { cookie: demo } })).json();
    expect(after.expiration).toBe(addDays(addDays(TODAY, 12), 365));
    expect(after.passes.map((pass: { profile: { name: { full: string } } }) => pass.profile.name.full)).toEqual([
      'Dana de Vries',
      'Sam de Vries-Bakker',
      'Lou de Vries',
    ]);
    const [order] = await shop.db.select().from(orders).where(eq(orders.hash, body.response.order.hash));
    expect(order?.customer.email).toBe('demo@tidewater.example');
  });

  it('extends an expired pass from today', async () => {
    await shop.db
      .update(clientSubscriptions)
      .set({ expiresOn: addDays(TODAY, -30) })
      .where(eq(clientSubscriptions.hash, 'demo-family-renewal'));
    const view = (await shop.app.inject({ url: '/api/client/subscription/demo-family-renewal', headers: { cookie: demo } })).json();
    const body = (
      await post(
        {
          customer: customerWith('demo@tidewater.example'),
          subscription: { id: ids.family },
          renewal: 'demo-family-renewal',
          audiences: { [ids.adult]: { quantity: 1 } },
          passes: [{ pass: view.passes[0].id, audience: ids.adult, profile: { name: 'Dana de Vries' } }],
        },
        demo,
      )
    ).json();
    await shop.app.inject({ method: 'POST', url: `/api/test-gateway/${body.response.payment.hash}/pay` });
    const after = (await shop.app.inject({ url: '/api/client/subscription/demo-family-renewal', headers: { cookie: demo } })).json();
    expect(after.expiration).toBe(addDays(TODAY, 365));
  });
});

describe('GET /api/groups/{clientId}', () => {
  it("answers the signed-in client's own groups and refuses any other id", async () => {
    const me = (await shop.app.inject({ url: '/api/client', headers: { cookie: demo } })).json();
    const own = await shop.app.inject({ url: `/api/groups/${me.id}`, headers: { cookie: demo } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual([{ id: expect.any(Number), name: 'Members' }]);
    refused(await shop.app.inject({ url: `/api/groups/${me.id + 1}`, headers: { cookie: demo } }), 'FORBIDDEN', 403);
    refused(await shop.app.inject({ url: `/api/groups/${me.id}` }), 'LOGIN_REQUIRED', 401);
  });

  it('makes the buyer of a family membership a member', async () => {
    const cookie = await signIn(shop, 'family@example.test', 'secret-pass');
    const me = (await shop.app.inject({ url: '/api/client', headers: { cookie } })).json();
    expect((await shop.app.inject({ url: `/api/groups/${me.id}`, headers: { cookie } })).json()).toEqual([{ id: expect.any(Number), name: 'Members' }]);
  });
});
