/**
 * The app-wide providers: React Query and i18next. The Suspense boundary catches the first
 * translation load; until then no text can be shown, so the fallback is a text-less busy state.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { StartupLoading } from './startup-screen.tsx';

export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: 1,
        // Catalogue data changes rarely; refetching it on every tab switch only costs bandwidth.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  // Who is signed in can change in another tab: re-check on focus.
  queryClient.setQueryDefaults(['client'], { refetchOnWindowFocus: true });
  return queryClient;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18next}>
        <Suspense fallback={<StartupLoading />}>{children}</Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
