/**
 * Who is signed in to the back office: GET /me (null: nobody), sign-in, sign-out and a new password from
 * a mailed link. The session's CSRF token goes to the API client (client.ts) with every answer that has one.
 *
 * The session cookie is HttpOnly, so the page cannot see it; a hint in localStorage says this browser
 * signed in and has not signed out since. Without it GET /me is not asked (nobody is signed in), so the
 * sign-in page loads without a 401 in the console; with a stale hint /me answers 401 once and the hint
 * goes. The hint grants nothing: the API decides by the cookie alone.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StaffSessionBody } from '#domain/backoffice/staff.schema.ts';
import { isApiError } from '../../lib/api-client.ts';
import { backofficeApi, onSessionLost, setCsrfToken } from './client.ts';

export const sessionKeys = { me: ['backoffice', 'me'] as const };

const SESSION_HINT = 'backoffice.signedIn';

function hinted(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT) === '1';
  } catch {
    return true; // storage refused: ask
  }
}

function setHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SESSION_HINT, '1');
    else localStorage.removeItem(SESSION_HINT);
  } catch {
    // storage refused: /me is asked every time
  }
}

async function getSession(): Promise<StaffSessionBody | null> {
  if (!hinted()) {
    setCsrfToken(null);
    return null;
  }
  try {
    const session = await backofficeApi.get<StaffSessionBody>('/me');
    setCsrfToken(session.csrf_token);
    return session;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      setCsrfToken(null);
      setHint(false);
      return null;
    }
    throw error;
  }
}

export const sessionQuery = () => queryOptions({ queryKey: sessionKeys.me, queryFn: getSession, staleTime: 60_000, retry: false });

export function useStaffSession() {
  const queryClient = useQueryClient();
  const query = useQuery(sessionQuery());
  useEffect(
    () =>
      onSessionLost(() => {
        setCsrfToken(null);
        setHint(false);
        queryClient.setQueryData(sessionKeys.me, null);
      }),
    [queryClient],
  );
  return query;
}

/**
 * A new session (or none): every other answer of the previous one forgotten, but the session query
 * itself kept: `clear()` would remove the query the app observes, and the app would not see the change.
 */
function startSession(queryClient: QueryClient, session: StaffSessionBody | null) {
  setCsrfToken(session?.csrf_token ?? null);
  setHint(session !== null);
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(sessionKeys.me) });
  queryClient.setQueryData(sessionKeys.me, session);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string; totp?: string; recovery_code?: string }) => backofficeApi.post<StaffSessionBody>('/session', input),
    onSuccess: (session) => startSession(queryClient, session),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => backofficeApi.delete<{ ok: true }>('/session'),
    onSettled: () => startSession(queryClient, null),
  });
}

/** Sets the password a mailed link allows (`token`) and signs in with it. */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => backofficeApi.post<StaffSessionBody>('/password', input),
    onSuccess: (session) => startSession(queryClient, session),
  });
}
