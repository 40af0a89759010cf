/**
 * Staff session and set-password tokens: 256 random bits, stored by SHA-256 only. The cookie's
 * name and path are part of the API's contract (the `staffSession` security scheme).
 */
import { createHash, randomBytes } from 'node:crypto';

export { STAFF_COOKIE, STAFF_COOKIE_PATH, STAFF_CSRF_HEADER } from '../../openapi/api-description.ts';

/** The known-device cookie (login-throttle.ts): sent only to the sign-in call, kept DEVICE_DAYS. */
export const STAFF_DEVICE_COOKIE = 'bo_device';
export const STAFF_DEVICE_COOKIE_PATH = '/api/backoffice/session';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
