/**
 * Who is signed in to the back office: GET /api/backoffice/me through React Query (null: nobody),
 * with sign-in and sign-out. The CSRF token of the session goes to the API client (api.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StaffSessionBody } from '#domain/backoffice/staff.schema.ts';
import { BackofficeApiError, boApi, onSessionLost, setCsrfToken } from './api.ts';

export const SESSION_KEY = ['backoffice', 'me'] as const;

async function fetchSession(): Promise<StaffSessionBody | null> {
  try {
    const session = await boApi.get<StaffSessionBody>('/me');
    setCsrfToken(session.csrf_token);
    return session;
  } catch (error) {
    if (error instanceof BackofficeApiError && error.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

export function useStaffSession() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000, retry: false });
  useEffect(
    () =>
      onSessionLost(() => {
        setCsrfToken(null);
        queryClient.setQueryData(SESSION_KEY, null);
      }),
    [queryClient],
  );
  return query;
}

/**
 * Forgets every other answer of the previous session but keeps the session query itself: `clear()`
 * would remove the query the app observes, and the app would not see the new session.
 */
function forgetOtherAnswers(queryClient: ReturnType<typeof useQueryClient>) {
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(SESSION_KEY) });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string; totp?: string }) => boApi.post<StaffSessionBody>('/session', input),
    onSuccess: (session) => {
      setCsrfToken(session.csrf_token);
      forgetOtherAnswers(queryClient);
      queryClient.setQueryData(SESSION_KEY, session);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => boApi.delete<{ ok: true }>('/session'),
    onSettled: () => {
      setCsrfToken(null);
      forgetOtherAnswers(queryClient);
      queryClient.setQueryData(SESSION_KEY, null);
    },
  });
}
