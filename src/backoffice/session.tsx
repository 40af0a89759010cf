/**
 * Who is signed in to the back office: GET /api/backoffice/me through React Query (null: nobody),
 * with sign-in and sign-out. The CSRF token of the session goes to the API client (api.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StaffSessionBody } from '../domain/backoffice/staff.schema.ts';
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

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string; totp?: string }) => boApi.post<StaffSessionBody>('/session', input),
    onSuccess: (session) => {
      setCsrfToken(session.csrf_token);
      queryClient.clear();
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
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, null);
    },
  });
}
