/**
 * The back office's guard, registered once inside the `/api/backoffice` scope (app.ts). Every route
 * of that scope must declare who may call it in its options, else registration throws:
 *
 *   config: { staffRoles: STAFF_ACCESS.catalogue }   // signed-in staff of these roles
 *   config: { staffPublic: true }                     // only the sign-in calls themselves
 *
 * and a `staffRoles` route must document `security: access.staff`. Per request it answers
 * 401 STAFF_SESSION_REQUIRED (no live staff session; a shop client's session counts for nothing),
 * 403 STAFF_ROLE_FORBIDDEN (a role not in the list), 403 STAFF_CSRF_INVALID (a POST/PUT/PATCH/DELETE
 * without the session's token in `x-csrf-token`), and hands handlers `request.staff`. A session ends at
 * its absolute end (STAFF_SESSION_HOURS after sign-in) or after STAFF_SESSION_IDLE_MINUTES without a
 * request, whichever comes first.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { isStaffRole, type StaffRole } from '#domain/backoffice/staff-roles.ts';
import { AppError } from '../../errors.ts';
import { findSessionStaff, touchStaffSession } from './staff.repo.ts';
import type { StaffMember } from './staff.service.ts';
import { hashToken, STAFF_COOKIE, STAFF_CSRF_HEADER } from './staff-token.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Back office: the roles that may call this route (see staff-guard.ts). */
    staffRoles?: readonly StaffRole[];
    /** Back office: callable without a staff session (sign-in, set-password only). */
    staffPublic?: true;
  }
  interface FastifyRequest {
    /** The signed-in staff member on a back-office route that declares `staffRoles` (else null). */
    staff: (StaffMember & { sessionId: number; sessionToken: string; csrfToken: string; expiresAt: Date }) | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_TOKEN_LENGTH = 200;
/** A session's last request is written at most this often (one write a minute, not one a request). */
const TOUCH_EVERY_MS = 60_000;

export interface StaffGuardOptions {
  /** STAFF_SESSION_IDLE_MINUTES: a session with no request for this long is over. */
  idleMinutes?: number;
}

export const staffSessionRequired = () => new AppError('STAFF_SESSION_REQUIRED', 401, 'Sign in to the back office first');
export const staffRoleForbidden = () => new AppError('STAFF_ROLE_FORBIDDEN', 403, 'Your role may not do this');

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function staffGuard(app: FastifyInstance, options: StaffGuardOptions) {
  const idleMs = (options.idleMinutes ?? 60) * 60_000;
  app.decorateRequest('staff', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'HEAD' || method === 'OPTIONS')) return;
    const config = route.config ?? {};
    const where = `${methods.join(',')} ${route.url}`;
    if (config.staffPublic === true) {
      if (config.staffRoles) throw new Error(`Back-office route ${where} is both staffPublic and has staffRoles`);
      return;
    }
    const roles = config.staffRoles;
    if (!roles || roles.length === 0 || !roles.every(isStaffRole)) {
      throw new Error(`Back-office route ${where} must declare config.staffRoles (a non-empty list of staff roles) or config.staffPublic`);
    }
    const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security;
    if (!security?.some((requirement) => 'staffSession' in requirement)) {
      throw new Error(`Back-office route ${where} must document schema.security: access.staff`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.staffPublic === true) return;
    const roles = config.staffRoles;
    // An unknown URL under the prefix: the 404 handler answers it.
    if (!roles) return;
    const token = request.cookies[STAFF_COOKIE];
    if (!token || token.length > MAX_TOKEN_LENGTH) throw staffSessionRequired();
    const now = app.clock.now();
    const tokenHash = hashToken(token);
    const found = await findSessionStaff(app.db, tokenHash, now, new Date(now.getTime() - idleMs));
    if (!found || !isStaffRole(found.role)) throw staffSessionRequired();
    if (now.getTime() - found.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await touchStaffSession(app.db, tokenHash, now);
    if (STATE_CHANGING.has(request.method)) {
      const sent = request.headers[STAFF_CSRF_HEADER];
      if (typeof sent !== 'string' || !sameToken(sent, found.csrfToken)) {
        throw new AppError('STAFF_CSRF_INVALID', 403, 'The request lacks the back office’s CSRF token; reload the page');
      }
    }
    if (!roles.includes(found.role)) throw staffRoleForbidden();
    request.staff = {
      id: found.id,
      email: found.email,
      name: found.name,
      role: found.role,
      sessionId: found.sessionId,
      sessionToken: token,
      csrfToken: found.csrfToken,
      expiresAt: found.expiresAt,
    };
  });
}

export const staffGuardPlugin = fp(staffGuard, { name: 'staff-guard', dependencies: ['@fastify/cookie'] });
