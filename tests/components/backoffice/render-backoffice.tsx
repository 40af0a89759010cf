/**
 * Renders a back-office page the way the shell does, without the shell: an i18next instance of its own
 * holding every English back-office namespace (the storefront's global instance is left alone), a fresh
 * QueryClient and a memory router (returned, for its location and history) at `path` with the page on `route`.
 * The shop's public organisation answers as the demo's (its currency and timezone format the page's amounts and moments).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { Suspense, type ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import errors from '../../../locales/en/errors.json';
import history from '../../../locales/en/history.json';
import { organisation } from '../app/fixtures.ts';
import { server } from '../msw-server.ts';

// locales/en/backoffice.json and every page area's backoffice-<area>.json, by namespace.
const namespaces = Object.fromEntries(
  Object.entries(import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/en/backoffice*.json', { eager: true })).map(([file, module]) => [
    file.replace(/^.*\/(backoffice[^/]*)\.json$/, '$1'),
    module.default,
  ]),
);

export async function renderBackofficePage(route: string, path: string, page: ReactElement) {
  server.use(http.get('*/api/organisation', () => HttpResponse.json(organisation)));
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { ...namespaces, errors, history } },
    defaultNS: 'backoffice',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const router = createMemoryRouter([{ path: route, element: <Suspense fallback={null}>{page}</Suspense> }], { initialEntries: [path] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, user, client, router };
}
