/**
 * Issue 37, items 2, 3 and 5 for the back office: the per-account brake on sign-in (shared by every
 * API process, with the owner's known device let past it), the staff password rule, TOTP codes
 * used once with recovery codes, changing the authenticator only with a current code, and sessions
 * listed with their devices, ended one by one, with an idle and an absolute lifetime and a cap.
 */
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Clock } from '../../../server/clock.ts';
import { loginAttempts, signInBrakes, signInDevices, staffAccounts, staffPasswordTokens, staffSessions } from '../../../server/db/schema/index.ts';
import { DEMO_STAFF } from '../../../server/db/seed/demo-staff.ts';
import { hashToken } from '../../../server/modules/staff/staff-token.ts';
import { STAFF_COOKIE, STAFF_CSRF_HEADER } from '../../../server/openapi/api-description.ts';
import { staffSession } from '../helpers/staff-session.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

const NOW = '2030-03-01T09:00:00Z';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ now: NOW });
});
afterAll(async () => {
  await shop.close();
});
beforeEach(async () => {
  shop.clock.set(NOW);
  await shop.db.delete(loginAttempts);
  await shop.db.delete(signInBrakes);
  await shop.db.delete(signInDevices);
  await shop.db.delete(staffSessions);
});

type Credentials = { email: string; password: string };

function signIn(credentials: Credentials & { totp?: string; recovery_code?: string }, options: { ip?: string; device?: string; app?: TestShop['app'] } = {}) {
  return (options.app ?? shop.app).inject({
    method: 'POST',
    url: '/api/backoffice/session',
    payload: {
      email: credentials.email,
      password: credentials.password,
      ...(credentials.totp ? { totp: credentials.totp } : {}),
      ...(credentials.recovery_code ? { recovery_code: credentials.recovery_code } : {}),
    },
    remoteAddress: options.ip ?? '192.0.2.1',
    headers: { 'user-agent': FIREFOX, ...(options.device ? { cookie: `bo_device=${options.device}` } : {}) },
  });
}

const deviceOf = (response: Awaited<ReturnType<typeof signIn>>) => response.cookies.find((cookie) => cookie.name === 'bo_device')?.value;
const sessionHeaders = (response: Awaited<ReturnType<typeof signIn>>) => {
  const token = response.cookies.find((cookie) => cookie.name === STAFF_COOKIE)!.value;
  return { cookie: `${STAFF_COOKIE}=${token}`, [STAFF_CSRF_HEADER]: response.json<{ csrf_token: string }>().csrf_token };
};

describe('the per-account brake on staff sign-in', () => {
  it('stops 60 guesses of a manager’s password spread over 12 addresses and two processes; the owner of the account still signs in from a known device', async () => {
    const manager = DEMO_STAFF.manager;
    const known = await signIn(manager, { ip: '198.51.100.7' });
    expect(known.statusCode, known.body).toBe(200);
    const device = deviceOf(known);
    expect(device).toMatch(/^[\w-]{40,}$/);
    expect(known.cookies.find((cookie) => cookie.name === 'bo_device')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/backoffice/session' });

    // A second API process on the same database: the brake is a row, not process memory.
    const other = await buildApp({ db: shop.db, config: shop.config, clock: shop.clock as Clock });
    try {
      const answers: number[] = [];
      for (let guess = 0; guess < 60; guess += 1) {
        const ip = `203.0.113.${(guess % 12) + 1}`;
        const response = await signIn({ email: manager.email, password: `wrong-${guess}` }, { ip, app: guess % 2 === 0 ? shop.app : other });
        answers.push(response.statusCode);
        // The clock moves a second a guess: the guessers wait for nothing.
        shop.clock.set(new Date(new Date(NOW).getTime() + (guess + 1) * 1000));
      }
      const checked = answers.filter((status) => status === 401).length;
      // 5 free failures, then each next one waits twice as long (2, 4, 8 … s): a minute allows a handful.
      expect(checked).toBeLessThanOrEqual(10);
      expect(answers.filter((status) => status === 429).length).toBe(60 - checked);
    } finally {
      await other.close();
    }

    // The right password from a fresh address is braked too: the guessers cannot tell it was right.
    const stranger = await signIn(manager, { ip: '203.0.113.99' });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({ error: 'TOO_MANY_ATTEMPTS' });
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // The manager's own browser, with its device cookie, is let past.
    const owner = await signIn(manager, { ip: '198.51.100.7', device });
    expect(owner.statusCode, owner.body).toBe(200);
    // …and that does not release the brake on the strangers.
    expect((await signIn(manager, { ip: '203.0.113.99' })).statusCode).toBe(429);
  });

  it('spends a known device after a few wrong passwords of its own, and takes no device cookie of another account', async () => {
    const owner = DEMO_STAFF.owner;
    const device = deviceOf(await signIn(owner))!;
    const gateDevice = deviceOf(await signIn(DEMO_STAFF.gate))!;
    // Strangers have put the owner's account on the brake.
    await shop.db
      .insert(signInBrakes)
      .values({ key: `account:staff:${owner.email}`, failures: 40, blockedUntil: new Date('2030-03-01T10:00:00Z'), lastFailureAt: new Date(NOW) });
    expect((await signIn(owner, { ip: '203.0.113.30' })).statusCode).toBe(429);
    expect((await signIn(owner, { device: gateDevice, ip: '203.0.113.31' })).statusCode).toBe(429);
    const passed = await signIn(owner, { device, ip: '203.0.113.32' });
    expect(passed.statusCode).toBe(200);
    // The same device keeps its token.
    expect(deviceOf(passed)).toBe(device);
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await signIn({ email: owner.email, password: `nope-${guess}` }, { device, ip: `203.0.113.${40 + guess}` })).statusCode).toBe(401);
    }
    // A stolen device cookie is not a free pass: five wrong passwords with it and it is spent.
    expect((await signIn(owner, { device, ip: '203.0.113.50' })).statusCode).toBe(429);
  });
});

describe('the staff password rule', () => {
  async function linkFor(email: string): Promise<string> {
    const [staff] = await shop.db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.email, email));
    return shop.app.services.staff.issuePasswordToken(shop.db, staff!.id);
  }
  const setPassword = (token: string, password: string) => shop.app.inject({ method: 'POST', url: '/api/backoffice/password', payload: { token, password } });

  it.each([
    ['aaaaaaaaaa', 'REPEATED'],
    ['abcdefghijkl', 'SEQUENCE'],
    ['qwertyuiop12', 'SEQUENCE'],
    ['password123', 'COMMON'],
    ['short1!', 'TOO_SHORT'],
    ['tidewatergate', 'PERSONAL'],
    ['Gert Gate 2030', 'PERSONAL'],
  ])('refuses %s with PASSWORD_TOO_WEAK (%s) and leaves the link working', async (password, reason) => {
    const token = await linkFor(DEMO_STAFF.gate.email);
    const refused = await setPassword(token, password);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'PASSWORD_TOO_WEAK', fields: { password: reason } });
    const [link] = await shop.db
      .select()
      .from(staffPasswordTokens)
      .where(eq(staffPasswordTokens.tokenHash, hashToken(token)));
    expect(link?.usedAt).toBeNull();
  });

  it('takes a strong password, and every other set-password link of the account stops working', async () => {
    const [gate] = await shop.db.select().from(staffAccounts).where(eq(staffAccounts.email, DEMO_STAFF.gate.email));
    const first = await linkFor(DEMO_STAFF.gate.email);
    const second = await linkFor(DEMO_STAFF.gate.email);
    const set = await setPassword(first, 'harbour lights at low tide');
    expect(set.statusCode, set.body).toBe(200);
    expect((await setPassword(second, 'another harbour at dawn')).json()).toMatchObject({ error: 'INVALID_TOKEN' });
    expect((await signIn({ email: DEMO_STAFF.gate.email, password: 'harbour lights at low tide' })).statusCode).toBe(200);
    // The demo's own password (tidewater-gate) is made of the account's name: put it back by hand for the other tests.
    await shop.db.update(staffAccounts).set({ passwordHash: gate!.passwordHash }).where(eq(staffAccounts.id, gate!.id));
  });
});

describe('TOTP used once, recovery codes, and changing the authenticator', () => {
  const manager = DEMO_STAFF.manager;
  const codeAt = (secret: string, at: string) => generateSync({ secret, epoch: Math.floor(new Date(at).getTime() / 1000) });

  it('signs in once per code, with each recovery code once, and replaces or removes the authenticator only with a proof', async () => {
    const session = await staffSession(shop.app, 'manager');
    const begun = await shop.app.inject({ method: 'POST', url: '/api/backoffice/me/totp', headers: session.headers, payload: {} });
    expect(begun.statusCode, begun.body).toBe(200);
    const { secret } = begun.json<{ secret: string }>();
    const confirmed = await shop.app.inject({
      method: 'POST',
      url: '/api/backoffice/me/totp/confirm',
      headers: session.headers,
      payload: { code: codeAt(secret, NOW) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const recovery = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);

    // The confirming code's step is spent: a code 30 s later signs in, and only once.
    shop.clock.set('2030-03-01T09:00:30Z');
    const code = codeAt(secret, '2030-03-01T09:00:30Z');
    expect((await signIn({ ...manager, totp: code })).statusCode).toBe(200);
    const replay = await signIn({ ...manager, totp: code }, { ip: '192.0.2.2' });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: 'STAFF_TOTP_INVALID' });
    // An earlier step's code, still within the clock tolerance, is refused too.
    expect((await signIn({ ...manager, totp: codeAt(secret, NOW) }, { ip: '192.0.2.3' })).statusCode).toBe(401);

    // A recovery code signs in instead of a code, typed in capitals without dashes, once.
    const withRecovery = await signIn({ ...manager, recovery_code: recovery[0]!.replaceAll('-', '').toUpperCase() }, { ip: '192.0.2.4' });
    expect(withRecovery.statusCode, withRecovery.body).toBe(200);
    expect((await signIn({ ...manager, recovery_code: recovery[0]! }, { ip: '192.0.2.5' })).json()).toMatchObject({ error: 'STAFF_TOTP_INVALID' });

    // Replacing the authenticator: a signed-in session alone is not enough.
    const headers = sessionHeaders(withRecovery);
    const bare = await shop.app.inject({ method: 'POST', url: '/api/backoffice/me/totp', headers, payload: {} });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ error: 'STAFF_TOTP_REQUIRED' });
    const wrong = await shop.app.inject({ method: 'POST', url: '/api/backoffice/me/totp', headers, payload: { code: '000000' } });
    expect(wrong.json()).toMatchObject({ error: 'STAFF_TOTP_INVALID' });
    const replaced = await shop.app.inject({ method: 'POST', url: '/api/backoffice/me/totp', headers, payload: { recovery_code: recovery[1] } });
    expect(replaced.statusCode, replaced.body).toBe(200);

    // Removing it: a used code is refused, a fresh one works.
    shop.clock.set('2030-03-01T09:01:00Z');
    const disable = (payload: Record<string, string>) => shop.app.inject({ method: 'POST', url: '/api/backoffice/me/totp/disable', headers, payload });
    expect((await disable({ code })).json()).toMatchObject({ error: 'STAFF_TOTP_INVALID' });
    expect((await disable({})).json()).toMatchObject({ error: 'STAFF_TOTP_REQUIRED' });
    expect((await disable({ code: codeAt(secret, '2030-03-01T09:01:00Z') })).statusCode).toBe(200);
    const [row] = await shop.db.select().from(staffAccounts).where(eq(staffAccounts.email, manager.email));
    expect(row).toMatchObject({ totpSecret: null, totpLastStep: null });
    expect((await signIn(manager, { ip: '192.0.2.6' })).statusCode).toBe(200);
  });
});

describe('staff sessions', () => {
  const list = (headers: Record<string, string>, url = '/api/backoffice/me/sessions') => shop.app.inject({ method: 'GET', url, headers });

  it('lists one’s sessions with their devices in words and ends them one by one', async () => {
    const first = await signIn(DEMO_STAFF.box_office, { ip: '198.51.100.1' });
    shop.clock.set('2030-03-01T09:05:00Z');
    const second = await signIn(DEMO_STAFF.box_office, { ip: '198.51.100.2' });
    const listed = await list(sessionHeaders(second));
    expect(listed.statusCode, listed.body).toBe(200);
    const entries = listed.json<{ id: number; browser: string; os: string; ip_address: string; current: boolean; created_at: string }[]>();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ browser: 'Firefox', os: 'Windows', ip_address: '198.51.100.2', current: true, created_at: '2030-03-01T09:05:00.000Z' });
    expect(entries[1]).toMatchObject({ ip_address: '198.51.100.1', current: false });
    // Nothing of the token leaves the server.
    expect(listed.body).not.toContain(first.cookies.find((cookie) => cookie.name === STAFF_COOKIE)!.value);

    const ended = await shop.app.inject({ method: 'DELETE', url: `/api/backoffice/me/sessions/${entries[1]!.id}`, headers: sessionHeaders(second) });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await list(sessionHeaders(first))).json()).toMatchObject({ error: 'STAFF_SESSION_REQUIRED' });
    expect((await list(sessionHeaders(second))).json()).toHaveLength(1);
    // Another member's session is not one's own: 404, and it lives on.
    const gate = await signIn(DEMO_STAFF.gate);
    const gateId = (await list(sessionHeaders(gate))).json<{ id: number }[]>()[0]!.id;
    expect((await shop.app.inject({ method: 'DELETE', url: `/api/backoffice/me/sessions/${gateId}`, headers: sessionHeaders(second) })).statusCode).toBe(404);
    expect((await list(sessionHeaders(gate))).statusCode).toBe(200);
  });

  it('lets an owner list and end another member’s session, audited', async () => {
    const gate = await signIn(DEMO_STAFF.gate);
    const owner = await signIn(DEMO_STAFF.owner);
    const [gateRow] = await shop.db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.email, DEMO_STAFF.gate.email));
    const listed = await list(sessionHeaders(owner), `/api/backoffice/staff/${gateRow!.id}/sessions`);
    const [entry] = listed.json<{ id: number; current: boolean }[]>();
    expect(entry).toMatchObject({ current: false });
    const ended = await shop.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/staff/${gateRow!.id}/sessions/${entry!.id}`,
      headers: sessionHeaders(owner),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await list(sessionHeaders(gate))).statusCode).toBe(401);
    const audit = await shop.app.inject({ method: 'GET', url: '/api/backoffice/audit?action=staff.end_session', headers: sessionHeaders(owner) });
    expect(audit.json<{ total: number }>().total).toBeGreaterThanOrEqual(1);
  });

  it('ends a session idle longer than STAFF_SESSION_IDLE_MINUTES, and any at its absolute end however busy', async () => {
    const { idleMinutes, hours } = shop.config.staffSessions;
    const at = (minutes: number) => new Date(new Date(NOW).getTime() + minutes * 60_000);
    const idle = sessionHeaders(await signIn(DEMO_STAFF.box_office));
    shop.clock.set(at(idleMinutes - 1));
    expect((await list(idle)).statusCode).toBe(200);
    // Seen a minute before the idle limit: the idle clock starts again from there.
    shop.clock.set(at(2 * idleMinutes - 2));
    expect((await list(idle)).statusCode).toBe(200);
    shop.clock.set(at(3 * idleMinutes));
    expect((await list(idle)).statusCode).toBe(401);

    shop.clock.set(NOW);
    const busy = sessionHeaders(await signIn(DEMO_STAFF.box_office));
    for (let minute = 30; minute < hours * 60; minute += 30) {
      shop.clock.set(at(minute));
      expect((await list(busy)).statusCode).toBe(200);
    }
    shop.clock.set(at(hours * 60));
    expect((await list(busy)).statusCode).toBe(401);
  });

  it('keeps at most STAFF_MAX_SESSIONS per member: a new sign-in ends the oldest', async () => {
    const max = shop.config.staffSessions.max;
    const responses = [];
    for (let n = 0; n <= max; n += 1) {
      shop.clock.set(new Date(new Date(NOW).getTime() + n * 1000));
      responses.push(await signIn(DEMO_STAFF.owner, { ip: `198.51.100.${n + 10}` }));
    }
    const [owner] = await shop.db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.email, DEMO_STAFF.owner.email));
    expect(await shop.db.select().from(staffSessions).where(eq(staffSessions.staffId, owner!.id))).toHaveLength(max);
    expect((await list(sessionHeaders(responses[0]!))).statusCode).toBe(401);
    expect((await list(sessionHeaders(responses[max]!))).statusCode).toBe(200);
  });
});
