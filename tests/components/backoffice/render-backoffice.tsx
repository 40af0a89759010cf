/** Renders one back-office page as the shell does: the back office's own i18n (English), a QueryClient, a memory router. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Suspense, type ReactElement } from 'react';
import { I18nextProvider, setI18n } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { backofficeI18n, setupBackofficeI18n } from '../../../src/backoffice/i18n.ts';

let ready: Promise<void> | null = null;

/** The back office's i18n in English with an area's namespaces; call `restoreShopI18n` after the file's tests. */
export async function prepareBackofficeI18n(namespaces: string[]): Promise<void> {
  localStorage.setItem('backoffice.language', 'en');
  ready ??= setupBackofficeI18n();
  await ready;
  if (backofficeI18n.language !== 'en') await backofficeI18n.changeLanguage('en');
  await backofficeI18n.loadNamespaces(namespaces);
}

/** The back office's instance registered itself with react-i18next: give the storefront's back. */
export function restoreShopI18n(): void {
  setI18n(i18next);
}

export function renderBackofficePage(route: string, path: string, page: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <I18nextProvider i18n={backofficeI18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={null}>
            <Routes>
              <Route path={route} element={page} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user: userEvent.setup() };
}
