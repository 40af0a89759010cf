/**
 * The captcha escalation on POST /api/orders (spec sections 4 "Captcha" and 8), against a local
 * fake of reCAPTCHA's siteverify over real HTTP: the thresholds per address and per e-mail, payment
 * failures, verified / refused / reused tokens, an unreachable provider, the switches that turn it
 * off, counts shared by two API instances on one database, and GET /api/organisation's security flag.
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import type { Organisation } from '#domain/contracts/organisation.ts';
import { buildApp } from '../../server/app.ts';
import type { Clock } from '../../server/clock.ts';
import type { Config } from '../../server/config.ts';
import { orders, organisations, payments, products, securityEvents } from '../../server/db/schema/index.ts';
import { PAYMENT_FAILURE_LIMIT, SUBMISSION_LIMIT, SUBMISSION_WINDOW_MINUTES } from '../../server/security/security-rules.ts';
import { startFakeCaptchaVerify, type FakeCaptchaVerify } from '../fakes/captcha-verify.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';
import { customerWith } from './helpers/customers.ts';

const NOW = '2030-06-03T07:00:00Z';
const SECRET = 'test-captcha-secret';
const SITE_KEY = 'test-captcha-site-key';

let fake: FakeCaptchaVerify;
let shop: TestShop;
let guidebook: number;
let securityConfig: Config['security'];
let addressCounter = 0;
const extraApps: FastifyInstance[] = [];

const freshAddress = () => `203.0.113.${(addressCounter += 1)}`;

function submit(options: { app?: FastifyInstance; address: string; email: string; captcha?: string | null; simulate?: boolean }) {
  return (options.app ?? shop.app).inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: options.address,
    payload: {
      customer: customerWith(options.email),
      captcha: options.captcha ?? null,
      ...(options.simulate ? { simulate: true } : {}),
      orders: [{ product: { id: guidebook, quantity: 1 } }],
    },
  });
}

async function submitOk(options: Parameters<typeof submit>[0]) {
  const response = await submit(options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderResponse>();
}

async function expectRefused(options: Parameters<typeof submit>[0], code: 'SECURITY_CAPTCHA_REQUIRED' | 'SECURITY_CAPTCHA_INVALID') {
  const before = await written();
  const response = await submit(options);
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toMatchObject({ ok: false, error: code });
  expect(await written(), 'a refused submission writes nothing').toEqual(before);
}

/** Everything a submission could write. */
async function written() {
  const [[orderRows], [paymentRows], [eventRows]] = await Promise.all([
    shop.db.select({ n: count() }).from(orders),
    shop.db.select({ n: count() }).from(payments),
    shop.db.select({ n: count() }).from(securityEvents),
  ]);
  return { orders: orderRows?.n, payments: paymentRows?.n, events: eventRows?.n };
}

/** `times` accepted submissions from one address and e-mail. */
async function submitTimes(times: number, who: { address: string; email: string }) {
  for (let index = 0; index < times; index += 1) await submitOk(who);
}

async function setOrganisationSecurity(enabled: boolean, siteKey: string | null) {
  await shop.db.update(organisations).set({ securityEnabled: enabled, captchaSiteKey: siteKey });
}

/** A second API process on the same database, with its own configuration. */
async function anotherApp(security: Partial<Config['security']> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ db: shop.db, config: { ...shop.config, security: { ...securityConfig, ...security } }, clock: shop.clock as Clock });
  await app.ready();
  extraApps.push(app);
  return app;
}

async function getOrganisation(app: FastifyInstance = shop.app): Promise<Organisation> {
  const response = await app.inject({ url: '/api/organisation' });
  expect(response.statusCode).toBe(200);
  return response.json<Organisation>();
}

beforeAll(async () => {
  fake = await startFakeCaptchaVerify({ secret: SECRET });
  securityConfig = { enabled: true, captchaSecret: SECRET, captchaVerifyUrl: fake.verifyUrl };
  shop = await createTestShop({ now: NOW, config: { security: securityConfig } });
  const [row] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'zoo-guidebook'));
  guidebook = row?.id as number;
});

afterAll(async () => {
  for (const app of extraApps) await app.close();
  await shop?.close();
  await fake?.close();
});

beforeEach(async () => {
  shop.clock.set(NOW);
  await setOrganisationSecurity(true, SITE_KEY);
  await shop.db.delete(securityEvents);
});

describe('the captcha escalation on POST /api/orders', () => {
  it(`lets ${SUBMISSION_LIMIT} submissions in ${SUBMISSION_WINDOW_MINUTES} minutes through and counts them`, async () => {
    const who = { address: freshAddress(), email: 'five@example.test' };
    const verificationsBefore = fake.requests.length;
    await submitTimes(SUBMISSION_LIMIT, who);
    const events = await shop.db.select().from(securityEvents);
    expect(events).toHaveLength(SUBMISSION_LIMIT);
    expect(events[0]).toMatchObject({ kind: 'order-submit', address: who.address, email: 'five@example.test' });
    // No token was needed, so the provider was not asked.
    expect(fake.requests).toHaveLength(verificationsBefore);
  });

  it('asks for a captcha above the limit, writing nothing', async () => {
    const who = { address: freshAddress(), email: 'six@example.test' };
    await submitTimes(SUBMISSION_LIMIT, who);
    await expectRefused(who, 'SECURITY_CAPTCHA_REQUIRED');
    // Still refused: the refusal did not count, but the five do.
    await expectRefused(who, 'SECURITY_CAPTCHA_REQUIRED');
  });

  it('counts per client address across e-mail addresses, and per e-mail address across client addresses', async () => {
    const address = freshAddress();
    for (let index = 0; index < SUBMISSION_LIMIT; index += 1) await submitOk({ address, email: `visitor${index}@example.test` });
    await expectRefused({ address, email: 'someone-new@example.test' }, 'SECURITY_CAPTCHA_REQUIRED');

    const email = 'Roaming@Example.test';
    for (let index = 0; index < SUBMISSION_LIMIT; index += 1) await submitOk({ address: freshAddress(), email });
    await expectRefused({ address: freshAddress(), email: 'roaming@example.test' }, 'SECURITY_CAPTCHA_REQUIRED');
  });

  it('lets a submission with a verified token through, sending secret, token and address form-encoded', async () => {
    const who = { address: freshAddress(), email: 'human@example.test' };
    await submitTimes(SUBMISSION_LIMIT, who);
    const token = fake.issueToken();
    const answer = await submitOk({ ...who, captcha: token });
    expect(answer.response.orders[0]?.payment?.gateway).toBe('test');
    expect(fake.requests.at(-1)).toEqual({
      secret: SECRET,
      response: token,
      remoteip: who.address,
      contentType: 'application/x-www-form-urlencoded',
    });
    // The next one needs a new token while the count is still above the limit.
    await expectRefused(who, 'SECURITY_CAPTCHA_REQUIRED');
  });

  it('refuses an invalid or reused token with SECURITY_CAPTCHA_INVALID, writing nothing', async () => {
    const who = { address: freshAddress(), email: 'bot@example.test' };
    await submitTimes(SUBMISSION_LIMIT, who);
    await expectRefused({ ...who, captcha: 'made-up-token' }, 'SECURITY_CAPTCHA_INVALID');
    const token = fake.issueToken();
    await submitOk({ ...who, captcha: token });
    await expectRefused({ ...who, captcha: token }, 'SECURITY_CAPTCHA_INVALID');
    expect(fake.requests.at(-1)?.response).toBe(token);
  });

  it('answers SECURITY_CAPTCHA_INVALID (403, not 5xx) when the verify endpoint cannot be reached', async () => {
    const down = await startFakeCaptchaVerify({ secret: SECRET });
    const verifyUrl = down.verifyUrl;
    await down.close();
    const app = await anotherApp({ captchaVerifyUrl: verifyUrl });
    const who = { address: freshAddress(), email: 'unlucky@example.test' };
    for (let index = 0; index < SUBMISSION_LIMIT; index += 1) await submitOk({ ...who, app });
    await expectRefused({ ...who, app, captcha: fake.issueToken() }, 'SECURITY_CAPTCHA_INVALID');
  });

  it('asks for a captcha after repeated payment failures or cancellations of the e-mail address', async () => {
    const who = { address: freshAddress(), email: 'declined@example.test' };
    const outcomes = ['fail', 'cancel', 'fail'].slice(0, PAYMENT_FAILURE_LIMIT);
    for (const outcome of outcomes) {
      const answer = await submitOk(who);
      const settled = await shop.app.inject({
        method: 'POST',
        url: `/api/test-gateway/${answer.response.orders[0]?.payment?.hash}/${outcome}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(settled.statusCode).toBe(303);
    }
    // Fewer than the submission limit, but the failures count: from a new address too.
    await expectRefused({ address: freshAddress(), email: who.email }, 'SECURITY_CAPTCHA_REQUIRED');
    // And from that address with a new e-mail address (card testing with changing addresses).
    await expectRefused({ address: who.address, email: 'fresh-start@example.test' }, 'SECURITY_CAPTCHA_REQUIRED');
    await submitOk({ address: freshAddress(), email: who.email, captcha: fake.issueToken() });
  });

  it('forgets submissions once they leave the window, and prunes rows older than the longest window', async () => {
    const who = { address: freshAddress(), email: 'patient@example.test' };
    await submitTimes(SUBMISSION_LIMIT, who);
    await expectRefused(who, 'SECURITY_CAPTCHA_REQUIRED');
    shop.clock.set(new Date(Date.parse(NOW) + (SUBMISSION_WINDOW_MINUTES * 60 + 1) * 1000));
    await submitOk(who);
    expect((await written()).events).toBe(SUBMISSION_LIMIT + 1);
    shop.clock.set(new Date(Date.parse(NOW) + 31 * 60_000));
    await submitOk({ address: freshAddress(), email: 'later@example.test' });
    // Only the rows within 30 minutes of now are left: the one made at +10 min and this one.
    expect((await written()).events).toBe(2);
  });

  it('neither counts nor challenges simulations', async () => {
    const who = { address: freshAddress(), email: 'browsing@example.test' };
    for (let index = 0; index < SUBMISSION_LIMIT + 3; index += 1) {
      const response = await submit({ ...who, simulate: true });
      expect(response.statusCode).toBe(200);
    }
    expect((await written()).events).toBe(0);
  });

  it('never challenges with SECURITY_ENABLED=false, and records nothing', async () => {
    const app = await anotherApp({ enabled: false });
    const who = { address: freshAddress(), email: 'load-test@example.test', app };
    await submitTimes(SUBMISSION_LIMIT + 2, who);
    expect((await written()).events).toBe(0);
    expect((await getOrganisation(app)).security).toEqual({ enabled: false, captcha_key: SITE_KEY });
  });

  it('never challenges when the organisation has security off or no site key, or no secret is configured', async () => {
    const who = { address: freshAddress(), email: 'calm@example.test' };
    await setOrganisationSecurity(false, SITE_KEY);
    await submitTimes(SUBMISSION_LIMIT + 1, who);
    await setOrganisationSecurity(true, null);
    await submitOk(who);
    await setOrganisationSecurity(true, SITE_KEY);
    const noSecret = await anotherApp({ captchaSecret: undefined });
    await submitOk({ ...who, app: noSecret });
    expect((await getOrganisation(noSecret)).security.enabled).toBe(false);
    expect((await written()).events).toBe(0);
  });

  it('shares the counts between two API instances on one database', async () => {
    const other = await anotherApp();
    const who = { address: freshAddress(), email: 'two-doors@example.test' };
    for (let index = 0; index < SUBMISSION_LIMIT; index += 1) await submitOk({ ...who, app: index % 2 === 0 ? shop.app : other });
    await expectRefused({ ...who, app: other }, 'SECURITY_CAPTCHA_REQUIRED');
    await expectRefused(who, 'SECURITY_CAPTCHA_REQUIRED');
    await submitOk({ ...who, app: other, captcha: fake.issueToken() });
  });
});

describe('GET /api/organisation security', () => {
  it('is enabled with the site key when the organisation, the switch and the secret all allow it', async () => {
    expect((await getOrganisation()).security).toEqual({ enabled: true, captcha_key: SITE_KEY });
    await setOrganisationSecurity(false, SITE_KEY);
    expect((await getOrganisation()).security).toEqual({ enabled: false, captcha_key: SITE_KEY });
    await setOrganisationSecurity(true, null);
    expect((await getOrganisation()).security).toEqual({ enabled: false, captcha_key: null });
  });
});

describe('the demo seed', () => {
  it('turns security on with CAPTCHA_SITE_KEY set when the shop is first seeded', async () => {
    process.env.CAPTCHA_SITE_KEY = 'demo-site-key';
    try {
      const demo = await createTestShop({ now: NOW, config: { security: securityConfig } });
      try {
        expect((await getOrganisation(demo.app)).security).toEqual({ enabled: true, captcha_key: 'demo-site-key' });
      } finally {
        await demo.close();
      }
    } finally {
      delete process.env.CAPTCHA_SITE_KEY;
    }
  });
});
