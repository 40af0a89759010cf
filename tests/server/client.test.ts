/**
 * Client accounts through the real API on a real, seeded database: signing in with a password or
 * a one-time token, the Client view, signing out, and the failed-login limit shared by processes.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { clients, customerFields, loginAttempts, products, sessions, subscriptions } from '../../server/db/schema/index.ts';
import { createClientService } from '../../server/modules/client/client.service.ts';
import { IP_ATTEMPTS_FACTOR } from '../../server/modules/client/login-throttle.ts';
import { hashPassword } from '../../server/modules/client/password.ts';
import type { Client } from '#domain/contracts/client.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

const DEMO = { email: 'demo@tidewater.example', password: 'tidewater-demo' };
const START = new Date('2030-03-01T09:00:00Z');

let shop: TestShop;
let demoClientId: number;

beforeAll(async () => {
  shop = await createTestShop({ now: START.toISOString() });
  const [demo] = await shop.db.select({ id: clients.id }).from(clients).where(eq(clients.email, DEMO.email));
  if (!demo) throw new Error('the seed has no demo client');
  demoClientId = demo.id;
});

afterAll(async () => {
  await shop.close();
});

beforeEach(async () => {
  shop.clock.set(START);
  await shop.db.delete(loginAttempts);
  await shop.db.delete(sessions);
});

/** Each test signs in from its own address unless it is about addresses, so that per-address counts stay apart. */
let addressCounter = 0;
const freshAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

function login(body: unknown, options: { app?: FastifyInstance; ip?: string; language?: string } = {}) {
  return (options.app ?? shop.app).inject({
    method: 'POST',
    url: '/api/client/login',
    payload: body as Record<string, unknown>,
    remoteAddress: options.ip ?? freshAddress(),
    headers: options.language ? { 'accept-language': options.language } : {},
  });
}

function getClient(cookie?: string, language?: string) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (language) headers['accept-language'] = language;
  return shop.app.inject({ method: 'GET', url: '/api/client', headers });
}

/** The `shop_session=…` pair of a response's Set-Cookie, and the whole header. */
function sessionCookie(response: LightMyRequestResponse): { pair: string; header: string } {
  const raw = response.headers['set-cookie'];
  const header = (Array.isArray(raw) ? raw : [raw ?? '']).find((line) => line.startsWith('shop_session=')) ?? '';
  return { pair: header.split(';')[0] ?? '', header };
}

async function signIn(): Promise<string> {
  const response = await login(DEMO);
  expect(response.statusCode).toBe(200);
  return sessionCookie(response).pair;
}

describe('GET /api/client', () => {
  it('answers 200 with null for an anonymous visitor, never cached', async () => {
    const response = await getClient();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toBe('null');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('answers null for an unknown or malformed session cookie', async () => {
    expect((await getClient('shop_session=not-a-session')).json()).toBeNull();
    expect((await getClient(`shop_session=${'x'.repeat(500)}`)).json()).toBeNull();
  });
});

describe('signing in with e-mail and password', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie and answers the client', async () => {
    const response = await login({ email: '  Demo@Tidewater.EXAMPLE ', password: DEMO.password });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { pair, header } = sessionCookie(response);
    expect(pair).toMatch(/^shop_session=[A-Za-z0-9_-]{43}$/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).toMatch(new RegExp(`; Max-Age=${shop.config.sessionDays * 86_400}`));
    expect(header).not.toMatch(/Secure/);
    expect((response.json() as Client).email).toBe(DEMO.email);
  });

  it('stores only the SHA-256 of the session token', async () => {
    const pair = await signIn();
    const token = pair.split('=')[1] ?? '';
    const stored = await shop.db.select().from(sessions);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(token);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('marks the cookie Secure when SECURE_COOKIES is on', async () => {
    const secureApp = await buildApp({ db: shop.db, config: { ...shop.config, secureCookies: true }, clock: shop.clock });
    try {
      const response = await login(DEMO, { app: secureApp });
      expect(sessionCookie(response).header).toMatch(/; Secure/);
    } finally {
      await secureApp.close();
    }
  });

  it('shows the demo client with its saved field values and its ONLINE pass', async () => {
    const response = await getClient(await signIn());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const client = response.json() as Client;

    expect(client.id).toBe(demoClientId);
    expect(client.name).toEqual({ first: 'Dana', last: 'de Vries', full: 'Dana de Vries' });
    expect(client).toMatchObject({ email: DEMO.email, address: 'Havenstraat 12', zipcode: '1011 AB', city: 'Amsterdam' });
    expect(client.token).toEqual(expect.any(String));

    const fieldRows = await shop.db
      .select({ id: customerFields.id, name: customerFields.name })
      .from(customerFields)
      .where(inArray(customerFields.name, ['phone', 'heard_about_us', 'newsletter']));
    const fieldId = (name: string) => fieldRows.find((row) => row.name === name)?.id;
    expect(client.fields).toEqual(
      expect.arrayContaining([
        { id: fieldId('phone'), value: '+31 6 1234 5678' },
        { id: fieldId('heard_about_us'), value: 'friends' },
        { id: fieldId('newsletter'), value: true },
      ]),
    );
    expect(client.fields).toHaveLength(3);

    const productRows = await shop.db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(inArray(products.slug, ['aquarium-entry', 'penguin-feeding']));
    const [pass] = await shop.db.select().from(subscriptions).where(eq(subscriptions.slug, 'online-aquarium-pass'));

    // The ONLINE card, then the family membership that expires soon (docs/demo-shop.md).
    expect(client.subscriptions.map((entry) => entry.type)).toEqual(['ONLINE', 'PHYSICAL']);
    const [online] = client.subscriptions;
    expect(online).toMatchObject({ type: 'ONLINE', available_redemptions: 8, token: expect.any(String) });
    expect(online?.subscription).toMatchObject({
      id: pass?.id,
      title: pass?.texts.en?.title,
      redemptions: 10,
      price: 60,
      upsells: [],
    });
    expect(online?.subscription.products.sort()).toEqual(productRows.map((row) => row.id).sort());
    expect(online?.subscription.audiences).toEqual([{ id: expect.any(Number), name: 'Adult' }]);
    // 200 days after the seed's today.
    const expires = online?.subscription.expiration.date ?? '';
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const days = (Date.parse(`${expires}T12:00:00Z`) - START.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(200);
  });

  it('translates the pass title into the requested language', async () => {
    const cookie = await signIn();
    const [pass] = await shop.db.select().from(subscriptions).where(eq(subscriptions.slug, 'online-aquarium-pass'));
    const english = (await getClient(cookie, 'en')).json() as Client;
    const dutch = (await getClient(cookie, 'nl')).json() as Client;
    expect(dutch.subscriptions[0]?.subscription.title).toBe(pass?.texts.nl?.title);
    expect(dutch.subscriptions[0]?.subscription.title).not.toBe(english.subscriptions[0]?.subscription.title);
    // No language asked for: the organisation's default (en).
    expect(((await getClient(cookie)).json() as Client).subscriptions[0]?.subscription.title).toBe(pass?.texts.en?.title);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    const wrongPassword = await login({ email: DEMO.email, password: 'not-the-password' });
    const unknownEmail = await login({ email: 'nobody@tidewater.example', password: DEMO.password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toMatchObject({ ok: false, error: 'INVALID_CREDENTIALS' });
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
    expect(wrongPassword.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses malformed bodies with 400 VALIDATION_FAILED', async () => {
    for (const body of [
      {},
      { email: DEMO.email },
      { email: '', password: 'x' },
      { email: DEMO.email, password: 42 },
      { email: 'a'.repeat(400), password: 'x' },
    ]) {
      const response = await login(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    }
  });

  it('keeps passwords as argon2id PHC strings', async () => {
    const [demo] = await shop.db.select({ passwordHash: clients.passwordHash }).from(clients).where(eq(clients.id, demoClientId));
    expect(demo?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect((await hashPassword('another secret')).startsWith('$argon2id$')).toBe(true);
  });

  it('ends the session after SESSION_DAYS', async () => {
    const cookie = await signIn();
    shop.clock.set(new Date(START.getTime() + shop.config.sessionDays * 86_400_000 - 1000));
    expect((await getClient(cookie)).json()).not.toBeNull();
    shop.clock.set(new Date(START.getTime() + shop.config.sessionDays * 86_400_000 + 1000));
    expect((await getClient(cookie)).json()).toBeNull();
  });
});

describe('housekeeping at sign-in', () => {
  it("deletes every client's expired sessions and the sign-in attempts older than the window, keeping the rest", async () => {
    const [other] = await shop.db
      .insert(clients)
      .values({ email: 'pruned@example.test', passwordHash: 'x', firstName: 'Pruned', lastName: 'Client', token: 'pruned-client-token' })
      .returning({ id: clients.id });
    try {
      const day = 86_400_000;
      await shop.db.insert(sessions).values([
        { tokenHash: 'expired-session', clientId: other!.id, expiresAt: new Date(START.getTime() - 1000) },
        { tokenHash: 'live-session', clientId: other!.id, expiresAt: new Date(START.getTime() + day) },
      ]);
      const window = shop.config.loginWindowMinutes * 60_000;
      await shop.db.insert(loginAttempts).values([
        { key: 'pair:someone@example.test|10.9.9.9', attemptedAt: new Date(START.getTime() - window - 1000) },
        { key: 'pair:someone@example.test|10.9.9.9', attemptedAt: new Date(START.getTime() - 1000) },
      ]);
      // A process of its own: it has not pruned yet.
      const fresh = await buildApp({ db: shop.db, config: shop.config, clock: shop.clock });
      try {
        expect((await login(DEMO, { app: fresh })).statusCode).toBe(200);
      } finally {
        await fresh.close();
      }
      const left = await shop.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.clientId, other!.id));
      expect(left.map((row) => row.tokenHash)).toEqual(['live-session']);
      const attempts = await shop.db
        .select({ at: loginAttempts.attemptedAt })
        .from(loginAttempts)
        .where(eq(loginAttempts.key, 'pair:someone@example.test|10.9.9.9'));
      expect(attempts.map((row) => row.at.getTime())).toEqual([START.getTime() - 1000]);
    } finally {
      await shop.db.delete(clients).where(eq(clients.id, other!.id));
    }
  });
});

describe('signing out', () => {
  it('deletes the session and clears the cookie; the old cookie no longer works', async () => {
    const cookie = await signIn();
    expect((await getClient(cookie)).json()).not.toBeNull();

    const response = await shop.app.inject({ method: 'POST', url: '/api/client/logout', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { pair, header } = sessionCookie(response);
    expect(pair).toBe('shop_session=');
    expect(header).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    expect((await getClient(cookie)).json()).toBeNull();
    expect(await shop.db.select().from(sessions)).toHaveLength(0);
  });

  it('answers ok for a visitor who was not signed in', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/client/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});

describe('limiting failed sign-ins', () => {
  const wrong = { email: DEMO.email, password: 'guess' };

  it('refuses even the right password from an address after LOGIN_MAX_ATTEMPTS failures there, in every API process', async () => {
    // A second process on the same database: it shares nothing with the first but the database.
    const other = await buildApp({ db: shop.db, config: shop.config, clock: shop.clock });
    try {
      const ip = '192.0.2.10';
      for (let attempt = 0; attempt < shop.config.loginMaxAttempts; attempt += 1) {
        const response = await login(wrong, { app: attempt % 2 === 0 ? shop.app : other, ip });
        expect(response.statusCode).toBe(401);
      }
      for (const app of [shop.app, other]) {
        const refused = await login(DEMO, { app, ip });
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ ok: false, error: 'TOO_MANY_ATTEMPTS' });
        // All failures happened at the same instant: the first frees up one window later.
        expect(refused.headers['retry-after']).toBe(String(shop.config.loginWindowMinutes * 60));
        expect(refused.headers['set-cookie']).toBeUndefined();
      }
      // The stranger locked only themselves out: the owner, from their own address, gets in.
      expect((await login(DEMO, { app: other, ip: '192.0.2.11' })).statusCode).toBe(200);

      // Once the window has passed the pair may try again.
      shop.clock.set(new Date(START.getTime() + shop.config.loginWindowMinutes * 60_000 + 1000));
      expect((await login(DEMO, { app: other, ip })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it(`refuses an address that guesses many accounts after ${IP_ATTEMPTS_FACTOR} × LOGIN_MAX_ATTEMPTS failures`, async () => {
    const ip = '192.0.2.20';
    const limit = shop.config.loginMaxAttempts * IP_ATTEMPTS_FACTOR;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      expect((await login({ email: `someone-${attempt}@example.test`, password: 'x' }, { ip })).statusCode).toBe(401);
    }
    const refused = await login({ email: 'one-more@example.test', password: 'x' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ok: false, error: 'TOO_MANY_ATTEMPTS' });
    expect((await login(DEMO, { ip: '192.0.2.21' })).statusCode).toBe(200);
  });

  it('ignores a rotating X-Forwarded-For unless TRUST_PROXY names the proxy in front', async () => {
    const proxied = await buildApp({ db: shop.db, config: { ...shop.config, trustProxy: 1 }, clock: shop.clock });
    try {
      const inject = (app: FastifyInstance, attempt: number, body: unknown) =>
        app.inject({
          method: 'POST',
          url: '/api/client/login',
          payload: body as Record<string, unknown>,
          remoteAddress: '192.0.2.30',
          headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
        });
      // Not trusted: every guess counts against the one real address.
      for (let attempt = 0; attempt < shop.config.loginMaxAttempts; attempt += 1) expect((await inject(shop.app, attempt, wrong)).statusCode).toBe(401);
      expect((await inject(shop.app, 99, DEMO)).statusCode).toBe(429);
      // One trusted hop: the address the proxy saw counts, so the owner behind it is someone else.
      expect((await inject(proxied, 99, DEMO)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('counts only failures: a success clears the account and refusals do not extend the lock-out', async () => {
    const ip = '192.0.2.40';
    const max = shop.config.loginMaxAttempts;
    for (let attempt = 0; attempt < max - 1; attempt += 1) expect((await login(wrong, { ip })).statusCode).toBe(401);
    expect((await login(DEMO, { ip })).statusCode).toBe(200);
    // The slate is clean: max - 1 more failures still leave the right password working.
    for (let attempt = 0; attempt < max - 1; attempt += 1) expect((await login(wrong, { ip })).statusCode).toBe(401);
    expect((await login(DEMO, { ip })).statusCode).toBe(200);

    for (let attempt = 0; attempt < max; attempt += 1) expect((await login(wrong, { ip })).statusCode).toBe(401);
    shop.clock.set(new Date(START.getTime() + 60_000));
    expect((await login(DEMO, { ip })).statusCode).toBe(429);
    // Refused attempts were never checked and are not counted: the window still ends on time.
    shop.clock.set(new Date(START.getTime() + shop.config.loginWindowMinutes * 60_000 + 1000));
    expect((await login(DEMO, { ip })).statusCode).toBe(200);
  });

  it('lets no more than LOGIN_MAX_ATTEMPTS simultaneous guesses from one address through', async () => {
    const max = shop.config.loginMaxAttempts;
    const ip = '192.0.2.50';
    const answers = await Promise.all(Array.from({ length: max * 3 }, () => login(wrong, { ip })));
    const checked = answers.filter((response) => response.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(max);
    expect(answers.every((response) => [401, 429].includes(response.statusCode))).toBe(true);
    // Only checked guesses count; a guess refused unchecked leaves no trace.
    const recorded = await shop.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.key, `email:${DEMO.email}`));
    expect(recorded).toHaveLength(checked);
    expect((await login(DEMO, { ip })).statusCode).toBe(checked >= max ? 429 : 200);
  });
});

describe('signing in with a one-time token', () => {
  const service = () => createClientService({ db: shop.db, clock: shop.clock, config: shop.config });
  const exchange = (token: unknown) => shop.app.inject({ method: 'POST', url: '/api/client', payload: { token } });

  it('exchanges a token for a session once', async () => {
    const token = await service().issueSignInToken(demoClientId, 30);
    const first = await exchange(token);
    expect(first.statusCode).toBe(200);
    expect((first.json() as Client).id).toBe(demoClientId);
    const { pair, header } = sessionCookie(first);
    expect(header).toMatch(/HttpOnly/);
    expect(((await getClient(pair)).json() as Client).email).toBe(DEMO.email);

    const second = await exchange(token);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ ok: false, error: 'INVALID_TOKEN' });
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired token', async () => {
    const token = await service().issueSignInToken(demoClientId, 10);
    shop.clock.set(new Date(START.getTime() + 10 * 60_000 + 1000));
    const response = await exchange(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'INVALID_TOKEN' });
  });

  it('refuses a made-up token', async () => {
    const response = await exchange('bm90LWEtcmVhbC10b2tlbi1hdC1hbGwtbm90LWF0LWFsbA');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'INVALID_TOKEN' });
    expect((await exchange('')).json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect((await exchange(12345)).json()).toMatchObject({ error: 'VALIDATION_FAILED' });
  });

  it('lets only one of two simultaneous exchanges of the same token through', async () => {
    const token = await service().issueSignInToken(demoClientId, 30);
    const answers = await Promise.all([exchange(token), exchange(token), exchange(token)]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 400, 400]);
  });
});

describe('signing out everywhere and changing the password', () => {
  async function signInFrom(ip: string) {
    const response = await login(DEMO, { ip });
    expect(response.statusCode).toBe(200);
    return sessionCookie(response).pair;
  }
  const post = (url: string, cookie?: string, payload?: Record<string, unknown>) =>
    shop.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {}, remoteAddress: '192.0.2.60' });

  it('ends every session of the client, on every device', async () => {
    const phone = await signInFrom('192.0.2.61');
    const laptop = await signInFrom('192.0.2.62');
    const response = await post('/api/client/logout-everywhere', phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(sessionCookie(response).pair).toBe('shop_session=');
    expect((await getClient(phone)).json()).toBeNull();
    expect((await getClient(laptop)).json()).toBeNull();
    expect(await shop.db.select().from(sessions)).toHaveLength(0);
  });

  it('answers 401 LOGIN_REQUIRED to an anonymous visitor', async () => {
    for (const url of ['/api/client/logout-everywhere', '/api/client/password']) {
      const response = await post(url, undefined, url.endsWith('password') ? { current_password: 'x', password: 'long enough' } : undefined);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toMatchObject({ ok: false, error: 'LOGIN_REQUIRED' });
    }
  });

  it('revokes every other session on a password change and keeps this browser signed in', async () => {
    const [row] = await shop.db.select({ passwordHash: clients.passwordHash }).from(clients).where(eq(clients.id, demoClientId));
    const thief = await signInFrom('192.0.2.63');
    const owner = await signInFrom('192.0.2.64');
    try {
      const wrongCurrent = await post('/api/client/password', owner, { current_password: 'not it', password: 'a new secret' });
      expect(wrongCurrent.statusCode).toBe(401);
      expect(wrongCurrent.json()).toMatchObject({ ok: false, error: 'INVALID_CREDENTIALS' });
      const tooShort = await post('/api/client/password', owner, { current_password: DEMO.password, password: '12345' });
      expect(tooShort.statusCode).toBe(400);

      const changed = await post('/api/client/password', owner, { current_password: DEMO.password, password: 'a new secret' });
      expect(changed.statusCode).toBe(200);
      const fresh = sessionCookie(changed).pair;
      expect(fresh).toMatch(/^shop_session=.+/);
      expect((await getClient(thief)).json()).toBeNull();
      expect((await getClient(owner)).json()).toBeNull();
      expect((await getClient(fresh)).json()).toMatchObject({ id: demoClientId });
      expect((await login(DEMO, { ip: '192.0.2.65' })).statusCode).toBe(401);
      expect((await login({ email: DEMO.email, password: 'a new secret' }, { ip: '192.0.2.65' })).statusCode).toBe(200);
    } finally {
      await shop.db.update(clients).set({ passwordHash: row!.passwordHash }).where(eq(clients.id, demoClientId));
    }
  });
});
