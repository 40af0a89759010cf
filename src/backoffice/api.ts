/**
 * The back office's one HTTP client: JSON over fetch to /api/backoffice, the staff cookie sent by the
 * browser (path-bound, SameSite=Strict), the session's CSRF token in `x-csrf-token` on every
 * state-changing call, failures as `BackofficeApiError` with the server's upper-case code.
 *
 *   const rows = await boApi.get<Row[]>('/audit?page=1');
 *   await boApi.post('/staff', { email, role });
 */
import { STAFF_CSRF_HEADER } from '#domain/backoffice/staff-session.ts';

export const BACKOFFICE_API = '/api/backoffice';

export class BackofficeApiError extends Error {
  constructor(
    /** The server's upper-case code (`STAFF_ROLE_FORBIDDEN`…); null for a network failure or a non-JSON answer. */
    readonly code: string | null,
    readonly status: number | null,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The server's `error_info`, when it sends one (e.g. CAPACITY_BELOW_TAKEN: the places sold or held). */
    readonly info: string | null = null,
  ) {
    super(message);
    this.name = 'BackofficeApiError';
  }
}

let csrfToken: string | null = null;
/** Set from the sign-in answer and GET /me (src/backoffice/session.tsx); cleared on sign-out. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

type Listener = (error: BackofficeApiError) => void;
const sessionLostListeners = new Set<Listener>();
/** Called when any call answers 401 STAFF_SESSION_REQUIRED (the session ended elsewhere): back to sign-in. */
export function onSessionLost(listener: Listener): () => void {
  sessionLostListeners.add(listener);
  return () => sessionLostListeners.delete(listener);
}

async function request<T>(method: string, path: string, body?: unknown, file?: Blob): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (file) headers['content-type'] = file.type || 'application/octet-stream';
  else if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers[STAFF_CSRF_HEADER] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`${BACKOFFICE_API}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(file ? { body: file } : body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch (error) {
    throw new BackofficeApiError(null, null, error instanceof Error ? error.message : 'Network error');
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = data as { error?: unknown; message?: unknown; fields?: Record<string, string>; error_info?: unknown } | null;
    const code = typeof refusal?.error === 'string' ? refusal.error : null;
    const error = new BackofficeApiError(
      code,
      response.status,
      typeof refusal?.message === 'string' ? refusal.message : response.statusText,
      refusal?.fields ?? {},
      typeof refusal?.error_info === 'string' ? refusal.error_info : null,
    );
    if (code === 'STAFF_SESSION_REQUIRED' && path !== '/me') for (const listener of sessionLostListeners) listener(error);
    throw error;
  }
  return data as T;
}

export const boApi = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** A raw file as the body (POST /catalogue/images), sent with its own content type. */
  upload: <T>(path: string, file: Blob) => request<T>('POST', path, undefined, file),
};
