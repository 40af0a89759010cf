/**
 * Signs a demo staff member of a role in through the real back-office sign-in (app.inject) and
 * answers what a request needs to act as them:
 *
 *   const owner = await staffSession(app, 'owner');
 *   await app.inject({ method: 'POST', url: '/api/backoffice/…', headers: owner.headers, payload });
 *
 * `headers` carries the staff cookie and the CSRF header; `cookie` alone is a request without CSRF.
 * Needs the demo shop seed (createTestShop's default), whose accounts are DEMO_STAFF.
 */
import type { FastifyInstance } from 'fastify';
import { DEMO_STAFF } from '../../../server/db/seed/demo-staff.ts';
import { STAFF_COOKIE, STAFF_CSRF_HEADER } from '../../../server/openapi/api-description.ts';
import type { StaffRole } from '#domain/backoffice/staff-roles.ts';

export interface StaffSession {
  staffId: number;
  role: StaffRole;
  /** `bo_session=<token>`, for a `cookie` header. */
  cookie: string;
  csrfToken: string;
  /** { cookie, 'x-csrf-token' }: spread into inject's headers. */
  headers: Record<string, string>;
}

export async function staffSession(app: FastifyInstance, role: StaffRole, credentials = DEMO_STAFF[role]): Promise<StaffSession> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/backoffice/session',
    payload: { email: credentials.email, password: credentials.password },
  });
  if (response.statusCode !== 200) throw new Error(`staff sign-in as ${role} failed: ${response.statusCode} ${response.body}`);
  const token = response.cookies.find((c) => c.name === STAFF_COOKIE)?.value;
  if (!token) throw new Error('staff sign-in set no cookie');
  const body = response.json<{ staff: { id: number }; csrf_token: string }>();
  const cookie = `${STAFF_COOKIE}=${token}`;
  return { staffId: body.staff.id, role, cookie, csrfToken: body.csrf_token, headers: { cookie, [STAFF_CSRF_HEADER]: body.csrf_token } };
}
