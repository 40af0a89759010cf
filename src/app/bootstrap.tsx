/**
 * The start-up gate (spec section 1): the client, the organisation, the home products, the FAQ and
 * the categories load in parallel, and the app shows only once they are in. The lib hooks
 * (`useOrganisation()`, `useClient()`, …) can therefore read them without ever suspending.
 *
 * - The FAQ may fail (spec section 8): the app shows without it. The gate waits for the FAQ's
 *   first answer only; afterwards a refetch of a failed FAQ (React Query puts a query without
 *   data back to pending) must not take the app down.
 * - Any other failure shows a translated message with a Retry button that refetches what failed.
 * - The queries are keyed by language. The language switcher calls `prefetchStartupData` before
 *   switching, so a switch never takes the app down to the loading state again.
 */
import { useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { categoriesQuery } from '../lib/api/categories.ts';
import { clientQuery } from '../lib/api/client.ts';
import { faqQuery } from '../lib/api/faq.ts';
import { homeProductsQuery } from '../lib/api/home-products.ts';
import { organisationQuery } from '../lib/api/organisation.ts';
import { ApiErrorText } from '../components/api-error-text.tsx';
import { isApiError } from '../lib/api-client.ts';
import { initialLanguage } from '../lib/i18n.ts';
import { StartupFailed, StartupLoading } from './startup-screen.tsx';

/** Loads (or refreshes) everything the gate waits for, in a language; never rejects. */
export async function prefetchStartupData(queryClient: QueryClient, language: string): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(clientQuery(language)),
    queryClient.prefetchQuery(organisationQuery(language)),
    queryClient.prefetchQuery(homeProductsQuery(language)),
    queryClient.prefetchQuery(faqQuery(language)),
    queryClient.prefetchQuery(categoriesQuery(language)),
  ]);
}

type StartupState = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; error: unknown; retry: () => void };

/**
 * Decides the gate from the five results. `tolerated` may fail without blocking the app; the gate
 * waits for its first answer only while `awaitTolerated` (before the app has first shown).
 */
export function startupState(required: UseQueryResult[], tolerated: UseQueryResult[], awaitTolerated: boolean): StartupState {
  const missing = required.filter((result) => result.data === undefined);
  const failed = missing.filter((result) => result.isError);
  const retry = () => {
    for (const result of [...failed, ...tolerated.filter((r) => r.isError)]) void result.refetch();
  };
  if (missing.some((result) => result.isFetching)) return { kind: 'loading' };
  if (failed.length > 0) return { kind: 'failed', error: failed[0]?.error, retry };
  if (missing.length > 0 || (awaitTolerated && tolerated.some((result) => result.isPending))) return { kind: 'loading' };
  return { kind: 'ready' };
}

export function StartupGate({ children }: { children: ReactNode }) {
  // No suspense here: the data loads must start while the translations are still on their way.
  const { t, i18n, ready } = useTranslation('common', { useSuspense: false });
  const language = i18n.language || initialLanguage();
  const [opened, setOpened] = useState(false);

  // Five observers rather than useQueries: the same parallel fetches, without its extra code.
  const client = useQuery(clientQuery(language));
  const organisation = useQuery(organisationQuery(language));
  const homeProducts = useQuery(homeProductsQuery(language));
  const categories = useQuery(categoriesQuery(language));
  const faq = useQuery(faqQuery(language));
  const state = startupState([client, organisation, homeProducts, categories], [faq], !opened);
  if (state.kind === 'ready' && !opened) setOpened(true);

  if (!ready) return <StartupLoading />;
  if (state.kind === 'loading') return <StartupLoading label={t('startup.loading')} />;
  if (state.kind === 'failed') {
    // The server's reason, when it gave one; a network failure has only the general message.
    const hasCode = isApiError(state.error) && state.error.code !== null;
    return (
      <StartupFailed
        title={t('startup.failedTitle')}
        body={t('startup.failedBody')}
        detail={hasCode ? <ApiErrorText error={state.error} /> : null}
        retryLabel={t('buttons.retry')}
        onRetry={state.retry}
      />
    );
  }
  // The start-up screen also stays while the first page's code loads (app/router.tsx, AppRoutes).
  return <Suspense fallback={<StartupLoading label={t('startup.loading')} />}>{children}</Suspense>;
}
