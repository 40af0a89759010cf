/**
 * Renders the real app (providers, start-up gate, the real route objects) in a memory router.
 * i18n is the real setup in English; each test starts in English again.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { StartupGate } from '../../../src/app/bootstrap.tsx';
import { AppProviders, createQueryClient } from '../../../src/app/providers.tsx';
import { routes } from '../../../src/app/router.tsx';
import { setupI18n } from '../../../src/lib/i18n.ts';

let i18nReady: Promise<unknown> | null = null;

export async function prepareI18n(): Promise<void> {
  i18nReady ??= setupI18n('en');
  await i18nReady;
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
}

export async function renderApp(path: string) {
  await prepareI18n();
  // jsdom has no scrolling; ScrollRestoration calls it on every navigation.
  window.scrollTo = () => undefined;
  const queryClient = createQueryClient();
  // The real retry count, without the real back-off delay.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <StartupGate>
        <RouterProvider router={router} />
      </StartupGate>
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}
