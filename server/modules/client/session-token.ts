/**
 * Random bearer tokens (session cookies, sign-in links). The database keeps only their SHA-256,
 * so a leaked table cannot be replayed; a token carries 256 bits, so no salt or slow hash is needed.
 */
import { createHash, randomBytes } from 'node:crypto';

// The cookie's name belongs to the API's contract (its session security scheme).
export { SESSION_COOKIE } from '../../openapi/api-description.ts';

/** 32 random bytes, base64url: safe in a cookie and in a URL without escaping. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
