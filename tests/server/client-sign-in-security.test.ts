/**
 * Issue 37, items 2 and 5 for shoppers' accounts: the per-account brake on sign-in with the owner's
 * known device let past it, the password rule by strength, reset requests limited per requester and
 * capped per account without refusing the owner, links that die with a reset, a new password and
 * "sign out everywhere", and request logs that never carry a link's token.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Clock } from '../../server/clock.ts';
import { clients, loginAttempts, outbox, rateLimitWindows, signInBrakes, signInDevices } from '../../server/db/schema/index.ts';
import { RULES } from '../../server/security/abuse-limits.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

const NOW = '2030-06-03T07:00:00Z';
const DEMO = { email: 'demo@tidewater.example', password: 'tidewater-demo' };

let shop: TestShop;
let demoId: number;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
  const [demo] = await shop.db.select({ id: clients.id }).from(clients).where(eq(clients.email, DEMO.email));
  demoId = demo!.id;
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  shop.clock.set(NOW);
  await shop.db.delete(loginAttempts);
  await shop.db.delete(signInBrakes);
  await shop.db.delete(signInDevices);
  await shop.db.delete(rateLimitWindows);
  await shop.db.delete(outbox);
});

function post(url: string, payload: Record<string, unknown>, options: { ip?: string; cookie?: string } = {}) {
  return shop.app.inject({ method: 'POST', url, payload, remoteAddress: options.ip ?? '192.0.2.1', headers: options.cookie ? { cookie: options.cookie } : {} });
}
const cookie = (response: LightMyRequestResponse, name: string) => response.cookies.find((c) => c.name === name)?.value;
const tokenWorks = async (token: string) => (await post('/api/client', { token }, { ip: '192.0.2.200' })).statusCode === 200;

describe('the per-account brake on a shopper’s sign-in', () => {
  it('stops guesses spread over many addresses, and lets the owner in from a known device', async () => {
    const known = await post('/api/client/login', DEMO, { ip: '198.51.100.7' });
    expect(known.statusCode).toBe(200);
    const device = cookie(known, 'shop_device');
    expect(known.cookies.find((c) => c.name === 'shop_device')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/client' });

    const answers: number[] = [];
    for (let guess = 0; guess < 40; guess += 1) {
      answers.push((await post('/api/client/login', { email: DEMO.email, password: `guess-${guess}` }, { ip: `203.0.113.${(guess % 10) + 1}` })).statusCode);
      shop.clock.set(new Date(new Date(NOW).getTime() + (guess + 1) * 1000));
    }
    expect(answers.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect((await post('/api/client/login', DEMO, { ip: '203.0.113.77' })).statusCode).toBe(429);
    const owner = await post('/api/client/login', DEMO, { ip: '198.51.100.7', cookie: `shop_device=${device}` });
    expect(owner.statusCode, owner.body).toBe(200);
  });
});

describe('the shopper password rule', () => {
  it.each([
    ['kw7-pa', 'TOO_SHORT'],
    ['password1', 'COMMON'],
    ['12345678', 'COMMON'],
    ['robinvos', 'PERSONAL'],
  ])('refuses %s at sign-up with PASSWORD_TOO_WEAK (%s), mailing nothing', async (password, reason) => {
    const response = await post('/api/client/sign-up', { email: 'robin.vos@example.test', password, first_name: 'Robin', last_name: 'Vos' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: 'PASSWORD_TOO_WEAK', fields: { password: reason } });
    expect(await shop.db.select().from(outbox)).toEqual([]);
  });

  it('refuses a 6-character new password and a reset to one, keeping the old password and the link', async () => {
    const signedIn = cookie(await post('/api/client/login', DEMO), 'shop_session');
    const change = await post('/api/client/password', { current_password: DEMO.password, password: 'kw7-pa' }, { cookie: `shop_session=${signedIn}` });
    expect(change.json()).toMatchObject({ error: 'PASSWORD_TOO_WEAK', fields: { password: 'TOO_SHORT' } });
    const token = await shop.app.services.sessions.issueSignInToken(demoId, 60);
    const reset = await post('/api/client/password-reset', { token, password: 'tidewaterdemo' });
    expect(reset.json()).toMatchObject({ error: 'PASSWORD_TOO_WEAK', fields: { password: 'PERSONAL' } });
    expect(await tokenWorks(token)).toBe(true);
    expect((await post('/api/client/login', DEMO, { ip: '192.0.2.9' })).statusCode).toBe(200);
  });
});

describe('"forgot password"', () => {
  const request = (ip: string, email = DEMO.email) => post('/api/client/sign-in-link', { email }, { ip });
  const resetMails = () => shop.db.select().from(outbox).where(eq(outbox.kind, 'client-reset'));

  it('never refuses the owner because strangers asked for their reset: the mails are capped, the links sent keep working', async () => {
    const cap = RULES.resetMailsPerAccount.limit;
    for (let stranger = 0; stranger < 8; stranger += 1) expect((await request(`203.0.113.${stranger + 1}`)).statusCode).toBe(202);
    const own = await request('198.51.100.7');
    expect(own.statusCode).toBe(202);
    await vi.waitFor(async () => expect(await resetMails()).toHaveLength(cap));
    const [last] = (await resetMails()).slice(-1);
    const token = decodeURIComponent(/\/client\/reset\?token=([^&\s]+)/.exec(last!.text)![1]!);
    expect(await tokenWorks(token)).toBe(true);
  });

  it('limits the requests of one address, whatever the accounts', async () => {
    for (let sent = 0; sent < RULES.mailsPerAddress.limit; sent += 1)
      expect((await request('203.0.113.50', `someone-${sent}@example.test`)).statusCode).toBe(202);
    const refused = await request('203.0.113.50', 'one-more@example.test');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
  });

  it('answers an address with an account and one without alike, before looking either up', async () => {
    const [known, unknown] = [await request('203.0.113.60'), await request('203.0.113.61', 'nobody@example.test')];
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    await vi.waitFor(async () => expect(await resetMails()).toHaveLength(1));
  });
});

describe('links that outlive the password', () => {
  const issue = () => shop.app.services.sessions.issueSignInToken(demoId, 60);

  it('die with a reset, a changed password and signing out everywhere', async () => {
    const [first, second] = [await issue(), await issue()];
    const reset = await post('/api/client/password-reset', { token: first, password: 'a new tide at dawn' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await tokenWorks(second)).toBe(false);

    const third = await issue();
    const session = `shop_session=${cookie(reset, 'shop_session')}`;
    const changed = await post('/api/client/password', { current_password: 'a new tide at dawn', password: DEMO.password }, { cookie: session });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await tokenWorks(third)).toBe(false);

    const fourth = await issue();
    const everywhere = await post('/api/client/logout-everywhere', {}, { cookie: `shop_session=${cookie(changed, 'shop_session')}` });
    expect(everywhere.statusCode).toBe(200);
    expect(await tokenWorks(fourth)).toBe(false);
  });

  it('are never written to the request log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp({ db: shop.db, config: shop.config, clock: shop.clock as Clock, logger: { level: 'info', stream } });
    try {
      await logged.inject({ method: 'GET', url: '/client/login?token=SIGN-IN-SECRET&redirect=%2Fclient%2Faccount' });
      await logged.inject({ method: 'GET', url: '/client/reset?token=RESET-SECRET' });
    } finally {
      await logged.close();
    }
    const log = lines.join('');
    expect(log).toContain('/client/login?token=[redacted]&redirect=%2Fclient%2Faccount');
    expect(log).not.toContain('SIGN-IN-SECRET');
    expect(log).not.toContain('RESET-SECRET');
  });
});
