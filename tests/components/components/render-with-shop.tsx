/**
 * Renders feature pages the way the app does, without the app shell: the real i18n in English,
 * a QueryClient holding the start-up data (the app's start-up gate guarantees it is loaded), and
 * a memory router with the routes a test names. Page tests of home, catalogue and faq use it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Suspense, type ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { expect } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { CategoryListItem, HomeProducts } from '#domain/contracts/catalogue.ts';
import type { Faq } from '#domain/contracts/faq.ts';
import type { Organisation } from '#domain/contracts/organisation.ts';
import { categoriesQuery } from '../../../src/lib/api/categories.ts';
import { clientQuery } from '../../../src/lib/api/client.ts';
import { faqQuery } from '../../../src/lib/api/faq.ts';
import { homeProductsQuery } from '../../../src/lib/api/home-products.ts';
import { organisationQuery } from '../../../src/lib/api/organisation.ts';
import { setupI18n } from '../../../src/lib/i18n.ts';
import * as fixtures from './shop-fixtures.ts';

let i18nReady: Promise<unknown> | null = null;

export async function prepareI18n(): Promise<void> {
  i18nReady ??= setupI18n('en');
  await i18nReady;
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
}

export interface ShopData {
  organisation?: Organisation;
  categories?: CategoryListItem[];
  homeProducts?: HomeProducts;
  /** The FAQ query's data; leave out to let the test serve /api/faq itself. */
  faq?: Faq;
}

export function createShopQueryClient(data: ShopData = {}): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryDelay: 0, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(organisationQuery('en').queryKey, data.organisation ?? fixtures.organisation);
  queryClient.setQueryData(categoriesQuery('en').queryKey, data.categories ?? fixtures.categories);
  queryClient.setQueryData(homeProductsQuery('en').queryKey, data.homeProducts ?? fixtures.homeProducts);
  queryClient.setQueryData(clientQuery('en').queryKey, null);
  if (data.faq) queryClient.setQueryData(faqQuery('en').queryKey, data.faq);
  return queryClient;
}

/** Shows where the router ended up, for redirect assertions. */
function CurrentPath() {
  const location = useLocation();
  return <div data-testid="current-path">{location.pathname}</div>;
}

export async function renderWithShop(
  routes: Record<string, ReactElement>,
  { path, data, queryClient = createShopQueryClient(data) }: { path: string; data?: ShopData; queryClient?: QueryClient },
) {
  await prepareI18n();
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18next}>
        <Suspense fallback={<p>Suspended</p>}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              {Object.entries(routes).map(([routePath, element]) => (
                <Route key={routePath} path={routePath} element={element} />
              ))}
            </Routes>
            <CurrentPath />
          </MemoryRouter>
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  // Pages load their translations on first render, as in the app: wait until they are in.
  // Not a speed check: the first test of a worker may transform the locale modules cold.
  await waitFor(() => expect(view.queryByText('Suspended')).toBeNull(), { timeout: 10_000 });
  const currentPath = () => view.getByTestId('current-path').textContent;
  return { ...view, user, queryClient, currentPath };
}
