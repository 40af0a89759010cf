/**
 * Back-office sign-in, the staff guard (session, roles, CSRF) and sign-out through the real API on
 * the seeded demo shop (its DEMO_STAFF accounts), plus the guard's refusal to register a route
 * that declares no roles.
 */
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAttempts, staffSessions } from '../../server/db/schema/index.ts';
import { DEMO_STAFF } from '../../server/db/seed/demo-staff.ts';
import { staffGuardPlugin } from '../../server/modules/staff/index.ts';
import errorHandler from '../../server/plugins/error-handler.ts';
import { STAFF_ROLES, type StaffRole } from '#domain/backoffice/staff-roles.ts';
import { staffSession } from './helpers/staff-session.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ now: '2030-03-01T09:00:00Z' });
});

afterAll(async () => {
  await shop.close();
});

beforeEach(async () => {
  await shop.db.delete(loginAttempts);
  await shop.db.delete(staffSessions);
});

describe('back-office sign-in', () => {
  it('signs each demo role in with a strict, path-bound, HttpOnly cookie and answers who it is', async () => {
    for (const role of STAFF_ROLES) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/backoffice/session',
        payload: { email: DEMO_STAFF[role].email.toUpperCase(), password: DEMO_STAFF[role].password },
      });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === 'bo_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/backoffice' });
      const session = await staffSession(shop.app, role);
      const me = await shop.app.inject({ method: 'GET', url: '/api/backoffice/me', headers: { cookie: session.cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ staff: { role, email: DEMO_STAFF[role].email }, csrf_token: session.csrfToken });
    }
  });

  it('refuses a wrong password with INVALID_CREDENTIALS and throttles repeated failures', async () => {
    const attempt = () =>
      shop.app.inject({ method: 'POST', url: '/api/backoffice/session', payload: { email: DEMO_STAFF.owner.email, password: 'wrong-password' } });
    const first = await attempt();
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ error: 'INVALID_CREDENTIALS' });
    let last = first;
    for (let i = 0; i < shop.config.loginMaxAttempts; i += 1) last = await attempt();
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ error: 'TOO_MANY_ATTEMPTS' });
  });

  it('gives nothing to no session, an unknown cookie or a shop client session', async () => {
    const client = await shop.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { email: 'demo@tidewater.example', password: 'tidewater-demo' },
    });
    const clientCookie = client.cookies.find((c) => c.name === 'shop_session')!;
    for (const cookie of [undefined, 'bo_session=forged', `shop_session=${clientCookie.value}`]) {
      const response = await shop.app.inject({ method: 'GET', url: '/api/backoffice/me', headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'STAFF_SESSION_REQUIRED' });
    }
  });

  it('requires the CSRF token to sign out, and a signed-out session is dead', async () => {
    const session = await staffSession(shop.app, 'manager');
    const without = await shop.app.inject({ method: 'DELETE', url: '/api/backoffice/session', headers: { cookie: session.cookie } });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ error: 'STAFF_CSRF_INVALID' });
    const wrong = await shop.app.inject({ method: 'DELETE', url: '/api/backoffice/session', headers: { ...session.headers, 'x-csrf-token': 'x'.repeat(43) } });
    expect(wrong.statusCode).toBe(403);
    const out = await shop.app.inject({ method: 'DELETE', url: '/api/backoffice/session', headers: session.headers });
    expect(out.statusCode).toBe(200);
    const after = await shop.app.inject({ method: 'GET', url: '/api/backoffice/me', headers: { cookie: session.cookie } });
    expect(after.statusCode).toBe(401);
  });
});

describe('the staff guard', () => {
  /** A back-office scope on the shop's database with one owner-only route, as app.ts builds it. */
  async function guardedApp(declare: (scope: ReturnType<typeof Fastify>) => void) {
    const app = Fastify();
    app.decorate('db', shop.db);
    app.decorate('clock', shop.clock);
    await app.register(errorHandler);
    await app.register(fastifyCookie);
    await app.register(
      async (scope) => {
        await scope.register(staffGuardPlugin);
        declare(scope as unknown as ReturnType<typeof Fastify>);
      },
      { prefix: '/api/backoffice' },
    );
    return app;
  }

  it('refuses to register a back-office route without declared roles', async () => {
    const building = guardedApp((scope) => {
      scope.post('/open', { schema: { security: [{ staffSession: [] }] } }, async () => ({ ok: true }));
    });
    await expect(building).rejects.toThrow(/must declare config\.staffRoles/);
  });

  it('answers 403 STAFF_ROLE_FORBIDDEN to a role the route does not list', async () => {
    const app = await guardedApp((scope) => {
      scope.post('/owners-only', { config: { staffRoles: ['owner'] }, schema: { security: [{ staffSession: [] }] } }, async () => ({ ok: true }));
    });
    await app.ready();
    const answers: Record<string, number> = {};
    for (const role of STAFF_ROLES as readonly StaffRole[]) {
      const session = await staffSession(shop.app, role);
      answers[role] = (await app.inject({ method: 'POST', url: '/api/backoffice/owners-only', headers: session.headers })).statusCode;
    }
    expect(answers).toEqual({ owner: 200, manager: 403, box_office: 403, gate: 403 });
    await app.close();
  });
});
