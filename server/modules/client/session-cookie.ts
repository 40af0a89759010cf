/** The session cookie, as every route that signs a client in sets it. */
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import type { StartedSession } from './client.service.ts';
import { DEVICE_DAYS } from './login-throttle.ts';
import { SESSION_COOKIE } from './session-token.ts';

/** The known-device cookie (login-throttle.ts): sent only to the calls that check a password, kept DEVICE_DAYS. */
export const DEVICE_COOKIE = 'shop_device';
const DEVICE_COOKIE_PATH = '/api/client';

export function setDeviceCookie(reply: FastifyReply, token: string, config: Pick<Config, 'secureCookies'>): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: DEVICE_COOKIE_PATH,
    secure: config.secureCookies,
    maxAge: DEVICE_DAYS * 86_400,
  });
}

export const sessionCookieOptions = (config: Pick<Config, 'secureCookies'>) =>
  ({ httpOnly: true, sameSite: 'lax', path: '/', secure: config.secureCookies }) as const;

export function setSessionCookie(reply: FastifyReply, session: StartedSession, config: Pick<Config, 'secureCookies' | 'sessionDays'>): void {
  reply.setCookie(SESSION_COOKIE, session.token, { ...sessionCookieOptions(config), maxAge: config.sessionDays * 86_400 });
}
