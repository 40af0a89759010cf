/**
 * Issue 20 item 6: every back-office route of the OpenAPI document, called with no session, with a
 * shop client's session and as each staff role, answers 401 / 403 with a code exactly as its
 * declared roles (`x-staff-roles`) say; a role it lists is let past the guard. A route under
 * /api/backoffice without declared roles is not in the document because the app refuses to start
 * with one (backoffice-staff.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '#domain/backoffice/staff-roles.ts';
import { staffSession, type StaffSession } from './helpers/staff-session.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  roles: string[] | null;
}

let shop: TestShop;
let operations: Operation[];

beforeAll(async () => {
  shop = await createTestShop({ now: '2030-03-01T09:00:00Z' });
  const document = (await shop.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, { operationId: string; 'x-staff-roles'?: string[]; security?: unknown[] }>>;
  }>();
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/backoffice/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId,
        roles: operation['x-staff-roles'] ?? null,
      })),
    )
    // Signing out ends the session the walk uses: last.
    .sort((a, b) => Number(a.operationId === 'staffSignOut') - Number(b.operationId === 'staffSignOut'));
});

afterAll(async () => {
  await shop.close();
});

/** A guessed id for every path parameter: past the guard it is a 404 or a 400, never a 401/403. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '999999');

function call(operation: Operation, headers: Record<string, string>) {
  const body = ['POST', 'PUT', 'PATCH'].includes(operation.method) ? {} : undefined;
  return shop.app.inject({ method: operation.method as 'GET', url: concrete(operation.path), headers, ...(body ? { payload: body } : {}) });
}

describe('the back-office role walk', () => {
  it('finds the back-office routes in the document, each either public sign-in or with declared roles', () => {
    expect(operations.length).toBeGreaterThan(5);
    const open = operations.filter((operation) => operation.roles === null).map((operation) => operation.operationId);
    expect(open.sort()).toEqual(['staffSetPassword', 'staffSignIn']);
  });

  it('answers 401 STAFF_SESSION_REQUIRED without a staff session, whatever else the caller has', async () => {
    const client = await shop.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { email: 'demo@tidewater.example', password: 'tidewater-demo' },
    });
    const clientCookie = `shop_session=${client.cookies.find((c) => c.name === 'shop_session')!.value}`;
    for (const operation of operations.filter((op) => op.roles !== null)) {
      const callers: Record<string, string>[] = [{}, { cookie: clientCookie }, { cookie: 'bo_session=guessed-token', 'x-csrf-token': 'guessed' }];
      for (const headers of callers) {
        const response = await call(operation, headers);
        expect({ op: operation.operationId, status: response.statusCode, error: response.json<{ error: string }>().error }).toEqual({
          op: operation.operationId,
          status: 401,
          error: 'STAFF_SESSION_REQUIRED',
        });
      }
    }
  });

  it('answers each role as the route declares: 403 STAFF_ROLE_FORBIDDEN outside its roles, past the guard inside', async () => {
    const sessions = new Map<string, StaffSession>();
    for (const role of STAFF_ROLES) sessions.set(role, await staffSession(shop.app, role));
    for (const operation of operations.filter((op) => op.roles !== null)) {
      for (const role of STAFF_ROLES) {
        const response = await call(operation, sessions.get(role)!.headers);
        const error = response.statusCode >= 400 ? response.json<{ error: string }>().error : null;
        const seen = {
          op: operation.operationId,
          role,
          refusedByGuard: error?.startsWith('STAFF_SESSION') || error === 'STAFF_ROLE_FORBIDDEN' || error === 'STAFF_CSRF_INVALID',
        };
        if (operation.roles!.includes(role)) expect(seen).toEqual({ op: operation.operationId, role, refusedByGuard: false });
        else {
          expect({ op: operation.operationId, role, status: response.statusCode, error }).toEqual({
            op: operation.operationId,
            role,
            status: 403,
            error: 'STAFF_ROLE_FORBIDDEN',
          });
        }
      }
    }
  });
});
