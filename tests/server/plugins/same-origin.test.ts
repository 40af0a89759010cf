/**
 * Cross-site requests (server/plugins/same-origin.ts): a state-changing call from another site is
 * refused with 403 ORIGIN_REFUSED before it acts, while the shop's own pages, clients that are not
 * browsers (no Origin, no Referer) and provider webhooks go on as before.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clients, sessions } from '../../../server/db/schema/index.ts';
import { originOf } from '../../../server/plugins/same-origin.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

const DEMO = { email: 'demo@tidewater.example', password: 'tidewater-demo' };
const PUBLIC_URL = 'https://shop.example';

let shop: TestShop;
let demoClientId: number;

beforeAll(async () => {
  shop = await createTestShop({ now: '2030-03-01T09:00:00Z', config: { publicUrl: PUBLIC_URL } });
  const [demo] = await shop.db.select({ id: clients.id }).from(clients).where(eq(clients.email, DEMO.email));
  if (!demo) throw new Error('the seed has no demo client');
  demoClientId = demo.id;
});

afterAll(async () => {
  await shop.close();
});

let address = 0;
beforeEach(async () => {
  await shop.db.delete(sessions);
});

function cookieOf(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const line = (Array.isArray(raw) ? raw : [raw ?? '']).find((entry) => entry.startsWith('shop_session=')) ?? '';
  return line.split(';')[0] ?? '';
}

async function signIn(): Promise<string> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/client/login',
    payload: DEMO,
    headers: { origin: PUBLIC_URL },
    remoteAddress: `10.9.0.${++address}`,
  });
  expect(response.statusCode).toBe(200);
  return cookieOf(response);
}

const sessionCount = async () => (await shop.db.select().from(sessions).where(eq(sessions.clientId, demoClientId))).length;

/** What a form or fetch on another site sends: text/plain, no preflight, the visitor's cookie along. */
const logoutEverywhere = (cookie: string, headers: Record<string, string>) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/client/logout-everywhere',
    payload: 'x=1',
    headers: { 'content-type': 'text/plain', cookie, ...headers },
  });

describe('state-changing calls from another site', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://attacker.example' }],
    ['Origin null (a sandboxed frame or a cross-site redirect)', { origin: 'null' }],
    ['a foreign Referer without Origin', { referer: 'https://attacker.example/page.html' }],
    ['the shop’s host on another scheme', { origin: 'http://shop.example' }],
    ['a look-alike host', { origin: 'https://shop.example.attacker.example' }],
    ['no Origin or Referer but Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('are refused with 403 ORIGIN_REFUSED, sessions kept: %s', async (_name, headers) => {
    const cookie = await signIn();
    const response = await logoutEverywhere(cookie, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ ok: false, error: 'ORIGIN_REFUSED' });
    expect(await sessionCount()).toBe(1);
  });

  it('refuses every state-changing method, not only POST', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await shop.app.inject({ method, url: '/api/reservation/abc', headers: { origin: 'https://attacker.example' } });
      expect(response.statusCode, method).toBe(403);
      expect(response.json(), method).toMatchObject({ error: 'ORIGIN_REFUSED' });
    }
  });
});

describe('a path written another way reaches the same route, and is checked the same (issue 37)', () => {
  it.each([
    ['/%61pi/client/logout-everywhere'],
    ['/%61pi/client/logout%2Deverywhere'],
    ['/a%70i/client/logout-everywhere'],
    ['/api/client/logout%2Deverywhere'],
    ['/%61%70%69/client/logout-everywhere'],
    ['/api/client/logout-everywhere/'],
    ['/%61pi/client/logout-everywhere?x=1'],
  ])('%s from another site is refused, sessions kept', async (url) => {
    const cookie = await signIn();
    const response = await shop.app.inject({
      method: 'POST',
      url,
      payload: 'x=1',
      headers: { 'content-type': 'text/plain', cookie, origin: 'https://attacker.example' },
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ ok: false, error: 'ORIGIN_REFUSED' });
    expect(await sessionCount()).toBe(1);
  });
});

describe('calls that go on', () => {
  it('from the shop’s own origin (PUBLIC_URL): signs out everywhere', async () => {
    const cookie = await signIn();
    const response = await logoutEverywhere(cookie, { origin: PUBLIC_URL });
    expect(response.statusCode).toBe(200);
    expect(await sessionCount()).toBe(0);
  });

  it('from the address the request was sent to (another name of the shop, the dev proxy)', async () => {
    const cookie = await signIn();
    const response = await logoutEverywhere(cookie, { origin: 'http://localhost:5173', host: 'localhost:5173' });
    expect(response.statusCode).toBe(200);
    expect(await sessionCount()).toBe(0);
  });

  it('with a same-origin Referer and no Origin', async () => {
    const cookie = await signIn();
    const response = await logoutEverywhere(cookie, { referer: `${PUBLIC_URL}/client` });
    expect(response.statusCode).toBe(200);
  });

  it('from a client that is not a browser (neither Origin nor Referer)', async () => {
    const cookie = await signIn();
    const response = await logoutEverywhere(cookie, {});
    expect(response.statusCode).toBe(200);
  });

  it('reads (GET) from anywhere: only state-changing calls are checked', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/organisation', headers: { origin: 'https://attacker.example' } });
    expect(response.statusCode).toBe(200);
  });

  it('a provider webhook, whatever its Origin: its signature is what vouches for it', async () => {
    const stripe = await createTestShop({ config: { publicUrl: PUBLIC_URL, paymentGateway: 'stripe' } });
    try {
      const response = await stripe.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        payload: '{}',
        headers: { 'content-type': 'application/json', origin: 'https://attacker.example' },
      });
      expect(response.json().error).not.toBe('ORIGIN_REFUSED');
    } finally {
      await stripe.close();
    }
  });
});

describe('originOf', () => {
  it.each([
    ['https://shop.example/path?q=1', 'https://shop.example'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['https://shop.example:443/', 'https://shop.example'],
    ['javascript:alert(1)', null],
    ['not an address', null],
  ])('%s → %s', (address, origin) => {
    expect(originOf(address)).toBe(origin);
  });
});
