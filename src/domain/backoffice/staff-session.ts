/**
 * The staff session's contract, shared by the server (its `staffSession` security scheme) and the
 * back-office app: the cookie (HttpOnly, SameSite=Strict, sent only to the back-office API) and the
 * header every state-changing call echoes the session's CSRF token in.
 */
export const STAFF_COOKIE = 'bo_session';
export const STAFF_COOKIE_PATH = '/api/backoffice';
export const STAFF_CSRF_HEADER = 'x-csrf-token';
