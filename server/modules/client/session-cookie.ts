/** The session cookie, as every route that signs a client in sets it. */
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import type { StartedSession } from './client.service.ts';
import { SESSION_COOKIE } from './session-token.ts';

export const sessionCookieOptions = (config: Pick<Config, 'secureCookies'>) =>
  ({ httpOnly: true, sameSite: 'lax', path: '/', secure: config.secureCookies }) as const;

export function setSessionCookie(reply: FastifyReply, session: StartedSession, config: Pick<Config, 'secureCookies' | 'sessionDays'>): void {
  reply.setCookie(SESSION_COOKIE, session.token, { ...sessionCookieOptions(config), maxAge: config.sessionDays * 86_400 });
}
