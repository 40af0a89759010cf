/**
 * The back office on the one API client (src/lib/api-client.ts, the storefront's axios instance): its
 * calls go to `<api>/backoffice/…` with the staff cookie (HttpOnly, path-bound, SameSite=Strict, sent by
 * the browser), and fail as the one `ApiError` with the server's upper-case code. What the staff session
 * adds is an interceptor of that client: the session's CSRF token in `x-csrf-token` on every
 * state-changing call. A call answered 401 STAFF_SESSION_REQUIRED (the session ended elsewhere) tells
 * the app, which goes back to sign-in.
 *
 *   const rows = await backofficeApi.get<Row[]>('/audit?page=1');
 *   await backofficeApi.post('/staff', { email, role });
 */
import type { AxiosRequestConfig } from 'axios';
import { STAFF_CSRF_HEADER } from '#domain/backoffice/staff-session.ts';
import { apiClient, isApiError, type ApiError } from '../../lib/api-client.ts';

const PREFIX = '/backoffice';

let csrfToken: string | null = null;
/** Set from the sign-in answer and GET /me (api/session.ts); cleared on sign-out. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

apiClient.interceptors.request.use((request) => {
  if (csrfToken && request.method !== 'get' && request.url?.startsWith(`${PREFIX}/`)) request.headers.set(STAFF_CSRF_HEADER, csrfToken);
  return request;
});

type Listener = (error: ApiError) => void;
const sessionLostListeners = new Set<Listener>();
/** Called when any call answers 401 STAFF_SESSION_REQUIRED (the session ended elsewhere): back to sign-in. */
export function onSessionLost(listener: Listener): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

async function call<T>(path: string, config: AxiosRequestConfig): Promise<T> {
  try {
    const { data } = await apiClient.request<T>({ ...config, url: `${PREFIX}${path}` });
    return data;
  } catch (error) {
    // GET /me answers 401 for nobody signed in: that is the session query's answer, not a lost session.
    if (isApiError(error) && error.code === 'STAFF_SESSION_REQUIRED' && path !== '/me') for (const listener of sessionLostListeners) listener(error);
    throw error;
  }
}

export const backofficeApi = {
  get: <T>(path: string) => call<T>(path, { method: 'GET' }),
  post: <T>(path: string, body: unknown = {}) => call<T>(path, { method: 'POST', data: body }),
  put: <T>(path: string, body: unknown = {}) => call<T>(path, { method: 'PUT', data: body }),
  patch: <T>(path: string, body: unknown = {}) => call<T>(path, { method: 'PATCH', data: body }),
  delete: <T>(path: string) => call<T>(path, { method: 'DELETE' }),
  /** A raw file as the body (POST /catalogue/images), sent with its own content type. */
  upload: <T>(path: string, file: Blob) => call<T>(path, { method: 'POST', data: file, headers: { 'Content-Type': file.type || 'application/octet-stream' } }),
};
