/**
 * The one code-guessing rule (server/security/code-guessing.ts) through the real API on a real
 * database: every way to ask "is this code valid" (the balance check, the coupon preview, the price
 * simulations and orders of products and subscriptions) takes from the same limits, per address and
 * the shop's budget of misses, counted in the database so a second API instance (on PostgreSQL its
 * own connection pool; under server:postgres also two real API processes) sees the same counts;
 * past a limit the captcha where the shop has one; and the answers a guesser cannot tell apart.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Clock } from '../../../server/clock.ts';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client.ts';
import { giftCards, organisations, products, rateLimitWindows } from '../../../server/db/schema/index.ts';
import { CODE_GUESSING } from '../../../server/security/code-guessing.ts';
import { rateKey } from '../../../server/security/rate-limiter.ts';
import { startFakeCaptchaVerify, type FakeCaptchaVerify } from '../../fakes/captcha-verify.ts';
import { apiProcesses, freePort } from '../helpers/api-processes.ts';
import { customerWith } from '../helpers/customers.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from '../helpers/test-app.ts';
import { NOW, signIn, subscriptionIds, type SubscriptionIds } from '../subscriptions/subscription-fixture.ts';

const SECRET = 'code-guessing-secret';
const PER_ADDRESS = CODE_GUESSING.perAddress.limit;
// Real processes need a real PostgreSQL server; under server:pglite the same rule is proven on two instances above.
const onPostgres = testDatabaseUrl() ? it : () => undefined;

let shop: TestShop;
let second: FastifyInstance;
let secondPool: DatabaseHandle | null = null;
let fake: FakeCaptchaVerify;
let cookie: string;
let ids: SubscriptionIds;
let guidebook: number;
let addressCounter = 0;
// Each in a /24 network of its own: the per-network limit stays out of tests about one address.
const freshAddress = () => `10.${6 + Math.floor(++addressCounter / 250)}.${addressCounter % 250}.1`;

beforeAll(async () => {
  fake = await startFakeCaptchaVerify({ secret: SECRET });
  shop = await createTestShop({ now: NOW, config: { security: { enabled: true, captchaSecret: SECRET, captchaVerifyUrl: fake.verifyUrl } } });
  // A second API instance on the same database: on PostgreSQL through a connection pool of its own.
  if (testDatabaseUrl()) secondPool = await openDatabase({ databaseUrl: testDatabaseUrl(), poolSize: 2 });
  second = await buildApp({ db: secondPool?.db ?? shop.db, config: shop.config, clock: shop.clock as Clock });
  await second.ready();
  cookie = await signIn(shop);
  ids = await subscriptionIds(shop);
  guidebook = (await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-guidebook')))[0]?.id as number;
});
afterAll(async () => {
  await second?.close();
  await secondPool?.close();
  await shop?.close();
  await fake?.close();
});
beforeEach(async () => {
  shop.clock.set(NOW);
  await shop.db.delete(rateLimitWindows);
  await securityOn(false);
});

async function securityOn(on: boolean) {
  await shop.db.update(organisations).set({ securityEnabled: on, captchaSiteKey: on ? 'site-key' : null });
}

interface Ask {
  code: string;
  address: string;
  app?: FastifyInstance;
  captcha?: string;
  signedIn?: boolean;
}
type Path = (ask: Ask) => Promise<LightMyRequestResponse>;

const inject = (ask: Ask, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  (ask.app ?? shop.app).inject({
    method,
    url,
    remoteAddress: ask.address,
    ...(payload ? { payload: { ...payload, ...(ask.captcha ? { captcha: ask.captcha } : {}) } } : {}),
    headers: ask.signedIn ? { cookie } : {},
  });

const guidebookLine = () => ({ product: { id: guidebook, plot: null, quantity: 1 } });
const passes = () => ({ subscription: { id: ids.family }, audiences: { [ids.adult]: { quantity: 1 } }, passes: [] });
const subscriber = (email: string) => ({ ...customerWith(email), password: 'secret-pass' });

/** Every way to ask about a code. */
const paths: Record<string, Path> = {
  balanceCheck: (ask) =>
    inject(ask, 'GET', `/api/voucher/check/${encodeURIComponent(ask.code)}${ask.captcha ? `?captcha=${encodeURIComponent(ask.captcha)}` : ''}`),
  orderSimulation: (ask) =>
    inject(ask, 'POST', '/api/orders', { customer: customerWith('sim@example.test'), simulate: true, coupon: [ask.code], orders: [guidebookLine()] }),
  order: (ask) => inject(ask, 'POST', '/api/orders', { customer: customerWith('buyer@example.test'), coupon: [ask.code], orders: [guidebookLine()] }),
  subscriptionSimulation: (ask) =>
    inject(ask, 'POST', '/api/subscriptions', { customer: subscriber('sim@example.test'), ...passes(), coupon: ask.code, simulate: true }),
  subscriptionOrder: (ask) => inject(ask, 'POST', '/api/subscriptions', { customer: subscriber('member@example.test'), ...passes(), coupon: ask.code }),
  couponPreview: (ask) => inject({ ...ask, signedIn: true }, 'POST', '/api/coupon', { type: 'PRODUCT', products: [guidebook], coupon: ask.code }),
};
const pathNames = Object.keys(paths);

function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toMatchObject({ ok: false, error: 'RATE_LIMITED' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** A miss answers 404 (balance check) or 400 COUPON_INVALID, never a limit. */
function expectMiss(response: LightMyRequestResponse) {
  expect([400, 404], response.body).toContain(response.statusCode);
  expect(['COUPON_INVALID', 'VOUCHER_NOT_FOUND']).toContain(response.json().error);
}

async function missesUsed(): Promise<number> {
  const key = rateKey(CODE_GUESSING.missesPerShop, '*');
  const rows = await shop.db.select({ used: rateLimitWindows.used }).from(rateLimitWindows).where(eq(rateLimitWindows.key, key));
  return rows.reduce((sum, row) => sum + row.used, 0);
}

async function fillMissBudget(used: number) {
  const rule = CODE_GUESSING.missesPerShop;
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(shop.clock.now().getTime() / windowMs) * windowMs;
  await shop.db
    .insert(rateLimitWindows)
    .values({ key: rateKey(rule, '*'), windowStart: new Date(start), used, expiresAt: new Date(start + windowMs) })
    .onConflictDoUpdate({ target: [rateLimitWindows.key, rateLimitWindows.windowStart], set: { used } });
}

describe('one code-guessing rule for every path', () => {
  const processes = apiProcesses();
  afterAll(() => processes.stopAll());

  onPostgres(
    'answers exactly the per-address limit of a burst of guesses from one address spread over two processes',
    async () => {
      const ports = [await freePort(), await freePort()];
      // One proxy hop: the test's X-Forwarded-For is the client address, as behind a load balancer.
      for (const port of ports) await processes.start(port, { TRUST_PROXY: '1', SECURITY_ENABLED: 'false' });
      // A fixed window turns at the top of the minute: a burst must not straddle one.
      const second = new Date().getUTCSeconds();
      if (second > 50) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
      const burst = 3 * PER_ADDRESS;
      const statuses = await Promise.all(
        Array.from({ length: burst }, (_, index) =>
          fetch(`http://127.0.0.1:${ports[index % 2]}/api/voucher/check/GUESS-${index}`, { headers: { 'x-forwarded-for': '203.0.113.50' } }).then(
            (response) => response.status,
          ),
        ),
      );
      expect(statuses.filter((status) => status === 404)).toHaveLength(PER_ADDRESS);
      expect(statuses.filter((status) => status === 429)).toHaveLength(burst - PER_ADDRESS);
    },
    120_000,
  );

  onPostgres(
    'answers exactly the per-network limit of a burst from many addresses of one /24 spread over two processes',
    async () => {
      const ports = [await freePort(), await freePort()];
      for (const port of ports) await processes.start(port, { TRUST_PROXY: '1', SECURITY_ENABLED: 'false' });
      const second = new Date().getUTCSeconds();
      if (second > 50) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
      const perNetwork = CODE_GUESSING.perNetwork.limit;
      const burst = 2 * perNetwork;
      const statuses = await Promise.all(
        Array.from({ length: burst }, (_, index) =>
          fetch(`http://127.0.0.1:${ports[index % 2]}/api/voucher/check/NET-${index}`, {
            // Two codes per address: each address stays below its own limit.
            headers: { 'x-forwarded-for': `198.18.7.${Math.floor(index / 2) + 1}` },
          }).then((response) => response.status),
        ),
      );
      expect(statuses.filter((status) => status === 404)).toHaveLength(perNetwork);
      expect(statuses.filter((status) => status === 429)).toHaveLength(burst - perNetwork);
    },
    120_000,
  );

  it(`answers ${PER_ADDRESS} codes a minute per address, whichever path and API instance asks`, async () => {
    const address = freshAddress();
    for (let index = 0; index < PER_ADDRESS; index += 1) {
      const path = paths[pathNames[index % pathNames.length] as string] as Path;
      expectMiss(await path({ code: `GUESS-${index}`, address, app: index % 2 === 0 ? shop.app : second }));
    }
    // Past the limit every path refuses this address, a known code as an unknown one.
    for (const [name, path] of Object.entries(paths)) {
      const refused = await path({ code: 'GIFT-DEMO-2500', address, app: second });
      expect(refused.statusCode, name).toBe(429);
      expectRateLimited(refused);
    }
    // Another address is answered, and so is this one once the window turns.
    expect((await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address: freshAddress() })).statusCode).toBe(200);
    shop.clock.set(new Date(Date.parse(NOW) + CODE_GUESSING.perAddress.windowSeconds * 1000));
    expect((await paths.orderSimulation!({ code: 'GIFT-DEMO-2500', address, app: second })).statusCode).toBe(200);
  });

  it('charges nothing for asking again about a code this address asked about in the window (a shopper simulating on every change)', async () => {
    const address = freshAddress();
    for (let index = 0; index < 3 * PER_ADDRESS; index += 1) {
      const answer = await paths.orderSimulation!({ code: 'GIFT-DEMO-2500', address, app: index % 2 === 0 ? shop.app : second });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    for (let index = 0; index < PER_ADDRESS - 1; index += 1) expectMiss(await paths.balanceCheck!({ code: `NEW-${index}`, address }));
    expectRateLimited(await paths.balanceCheck!({ code: 'NEW-LAST', address }));
  });

  it("counts only unknown codes against the shop's budget of misses; spent, it refuses no one who has not guessed", async () => {
    await fillMissBudget(CODE_GUESSING.missesPerShop.limit - 1);
    expect((await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address: freshAddress() })).statusCode).toBe(200);
    expect((await paths.couponPreview!({ code: 'SUMMER10', address: freshAddress(), app: second })).statusCode).toBe(200);
    expect(await missesUsed()).toBe(CODE_GUESSING.missesPerShop.limit - 1);
    const guesser = freshAddress();
    expectMiss(await paths.orderSimulation!({ code: 'SPREAD-LAST', address: guesser, app: second }));
    expect(await missesUsed()).toBe(CODE_GUESSING.missesPerShop.limit);
    // Spent: any address that has not guessed is answered, known codes and a first unknown one alike.
    expect((await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address: freshAddress() })).statusCode).toBe(200);
    expectMiss(await paths.subscriptionSimulation!({ code: 'SPREAD-NEXT', address: freshAddress(), app: second }));
    // An address that missed as often as an attack allows is slowed, on any instance, until the window turns.
    for (let index = 1; index < CODE_GUESSING.missesPerAddressUnderAttack.limit; index += 1) {
      expectMiss(await paths.balanceCheck!({ code: `SPREAD-${index}`, address: guesser }));
    }
    expectRateLimited(await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address: guesser, app: second }));
    shop.clock.set(new Date(Date.parse(NOW) + CODE_GUESSING.missesPerShop.windowSeconds * 1000));
    expect((await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address: guesser })).statusCode).toBe(200);
  });

  it('asks for the captcha past either limit where the shop has one; a solved one lets that check through, once', async () => {
    await securityOn(true);
    const address = freshAddress();
    for (let index = 0; index < PER_ADDRESS; index += 1) expectMiss(await paths.balanceCheck!({ code: `GUESS-${index}`, address }));
    const asked = await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ ok: false, error: 'SECURITY_CAPTCHA_REQUIRED' });
    expect((await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address, captcha: 'made-up' })).json()).toMatchObject({ error: 'SECURITY_CAPTCHA_INVALID' });
    const token = fake.issueToken();
    const answered = await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address, captcha: token });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ code: 'GIFT-DEMO-2500', credit: 25 });
    expect((await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address, captcha: token })).json()).toMatchObject({ error: 'SECURITY_CAPTCHA_INVALID' });
    // The simulations, the order and the preview take the token in their body, on either instance.
    for (const name of ['orderSimulation', 'subscriptionSimulation', 'couponPreview', 'order'] as const) {
      const path = paths[name] as Path;
      expect((await path({ code: 'GIFT-DEMO-FOREVER', address, app: second })).json().error, name).toBe('SECURITY_CAPTCHA_REQUIRED');
      const through = await path({ code: 'GIFT-DEMO-FOREVER', address, app: second, captcha: fake.issueToken() });
      expect(through.statusCode, `${name}: ${through.body}`).toBe(200);
    }
    // Past the shop's budget a fresh address is not asked: the captcha is for those who guessed.
    await fillMissBudget(CODE_GUESSING.missesPerShop.limit);
    expect((await paths.orderSimulation!({ code: 'SUMMER10', address: freshAddress(), signedIn: true })).statusCode).toBe(200);
  });
});

describe('guessers from many addresses and networks never lock the shop (issue 37 item 2)', () => {
  /** `count` addresses, each in a /24 network of its own, each asking `perAddress` unknown codes. */
  async function attackFromManyNetworks(count: number, perAddress: number, prefix: string): Promise<string[]> {
    const attackers = Array.from({ length: count }, (_, index) => `172.${16 + Math.floor(index / 200)}.${index % 200}.9`);
    for (const [index, address] of attackers.entries()) {
      for (let guess = 0; guess < perAddress; guess += 1) {
        const answer = await paths.balanceCheck!({ code: `${prefix}-${index}-${guess}`, address, app: index % 2 === 0 ? shop.app : second });
        expect([404, 429], answer.body).toContain(answer.statusCode);
      }
    }
    return attackers;
  }

  it('an honest visitor from another network still checks her gift card, previews her coupon and pays with her card', async () => {
    // 310 unknown codes from 31 addresses: more misses than the whole shop's budget.
    const attackers = await attackFromManyNetworks(31, PER_ADDRESS, 'ATTACK');
    expect(await missesUsed()).toBeGreaterThanOrEqual(CODE_GUESSING.missesPerShop.limit);
    const honest = '198.51.100.20';
    const balance = await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address: honest });
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json()).toMatchObject({ code: 'GIFT-DEMO-2500', credit: 25 });
    const preview = await paths.couponPreview!({ code: 'SUMMER10', address: honest, app: second });
    expect(preview.statusCode, preview.body).toBe(200);
    const order = await paths.order!({ code: 'GIFT-DEMO-2500', address: honest });
    expect(order.statusCode, order.body).toBe(200);
    // A typing mistake of hers is answered as a miss, not a refusal.
    expectMiss(await paths.balanceCheck!({ code: 'GIFT-DEMO-25OO', address: '198.51.100.21' }));

    // The guessers, past the minute of their own limit, stay slowed while the shop is under attack.
    shop.clock.set(new Date(Date.parse(NOW) + CODE_GUESSING.perAddress.windowSeconds * 1000));
    for (const address of attackers.slice(0, 3)) expectRateLimited(await paths.balanceCheck!({ code: `AGAIN-${address}`, address }));
    // Where the shop has a captcha, they are asked for it instead, and a solved one lets one check through.
    await securityOn(true);
    const attacker = attackers[3] as string;
    expect((await paths.balanceCheck!({ code: 'NEXT-GUESS', address: attacker })).json()).toMatchObject({ error: 'SECURITY_CAPTCHA_REQUIRED' });
    expectMiss(await paths.balanceCheck!({ code: 'NEXT-GUESS', address: attacker, captcha: fake.issueToken() }));
    expect((await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address: '198.51.100.22' })).statusCode).toBe(200);
  }, 120_000);

  it('limits one network (IPv4 /24, IPv6 /64) as a whole: its addresses together, others untouched', async () => {
    const perNetwork = CODE_GUESSING.perNetwork.limit;
    const cases = [
      { inNetwork: (index: number) => `203.0.113.${index + 1}`, neighbour: '203.0.114.1' },
      { inNetwork: (index: number) => `2001:db8:5:7::${(index + 1).toString(16)}`, neighbour: '2001:db8:5:8::1' },
    ];
    for (const { inNetwork, neighbour } of cases) {
      // Each address stays below its own limit; together they reach the network's.
      for (let index = 0; index < perNetwork; index += 1) expectMiss(await paths.balanceCheck!({ code: `NET-${index}`, address: inNetwork(index % 30) }));
      expectRateLimited(await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address: inNetwork(40) }));
      expect((await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address: neighbour })).statusCode).toBe(200);
      await shop.db.delete(rateLimitWindows);
    }
  });

  it('refuses an address or a network far past its limit even with a solved captcha', async () => {
    await securityOn(true);
    const address = freshAddress();
    const hard = CODE_GUESSING.perAddress.limit * CODE_GUESSING.refuseAtTimes;
    for (let index = 0; index < hard; index += 1) {
      const answer = await paths.balanceCheck!({ code: `HARD-${index}`, address, captcha: fake.issueToken() });
      expect(answer.statusCode, answer.body).toBe(404);
    }
    expectRateLimited(await paths.balanceCheck!({ code: 'HARD-LAST', address, captcha: fake.issueToken() }));
  });
});

/** An answer with the code it names replaced, to compare the answers for two codes. */
const answerFor = (response: LightMyRequestResponse, code: string) => ({ status: response.statusCode, body: response.body.replaceAll(code, '<code>') });

describe('answers a guesser cannot tell apart', () => {
  it('an anonymous visitor hears of a coupon (which needs signing in) exactly what of an unknown code', async () => {
    for (const name of ['orderSimulation', 'order', 'subscriptionSimulation', 'subscriptionOrder'] as const) {
      const path = paths[name] as Path;
      const coupon = answerFor(await path({ code: 'SUMMER10', address: freshAddress() }), 'SUMMER10');
      const unknown = answerFor(await path({ code: 'NOPE1234', address: freshAddress() }), 'NOPE1234');
      expect(coupon, name).toEqual(unknown);
      expect(coupon.status).toBe(400);
      expect(JSON.parse(coupon.body)).toMatchObject({ ok: false, error: 'COUPON_INVALID', error_info: '<code> is not a valid coupon or gift card code.' });
    }
  });

  it('used up is unknown: a used-up coupon, signed in too, and an emptied gift card, in every path but its balance check', async () => {
    for (const name of ['couponPreview', 'orderSimulation'] as const) {
      const path = paths[name] as Path;
      const usedUp = answerFor(await path({ code: 'USEDUP', address: freshAddress(), signedIn: true }), 'USEDUP');
      expect(usedUp, name).toEqual(answerFor(await path({ code: 'NOPE12', address: freshAddress(), signedIn: true }), 'NOPE12'));
    }
    await shop.db.update(giftCards).set({ creditCents: 0 }).where(eq(giftCards.code, 'GIFT-DEMO-2500'));
    try {
      // Its balance check says what is left of it, €0.00 (issue 38): the card's holder asks about a code they have.
      const balance = await paths.balanceCheck!({ code: 'GIFT-DEMO-2500', address: freshAddress() });
      expect(balance.statusCode).toBe(200);
      expect(balance.json()).toMatchObject({ code: 'GIFT-DEMO-2500', credit: 0 });
      for (const [name, path] of Object.entries(paths).filter(([name]) => name !== 'balanceCheck')) {
        const empty = answerFor(await path({ code: 'GIFT-DEMO-2500', address: freshAddress() }), 'GIFT-DEMO-2500');
        expect(empty, name).toEqual(answerFor(await path({ code: 'GIFT-NOPE-0000', address: freshAddress() }), 'GIFT-NOPE-0000'));
        expect(empty.status).toBeGreaterThanOrEqual(400);
      }
    } finally {
      await shop.db.update(giftCards).set({ creditCents: 2500 }).where(eq(giftCards.code, 'GIFT-DEMO-2500'));
    }
  });

  it('a signed-in client still hears why a coupon does not apply', async () => {
    const expired = await paths.couponPreview!({ code: 'EXPIRED', address: freshAddress() });
    expect(expired.json()).toMatchObject({ ok: false, error: 'COUPON_EXPIRED' });
    expect((await paths.orderSimulation!({ code: 'SUMMER10', address: freshAddress(), signedIn: true })).statusCode).toBe(200);
  });
});
