/**
 * Renders the real app (providers, start-up gate, the shop's router and routes) on a memory
 * history. i18n is the real setup in English; each test starts in English again.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { StartupGate } from '../../../src/app/bootstrap.tsx';
import { AppProviders, createQueryClient } from '../../../src/app/providers.tsx';
import { ShopRouter } from '../../../src/app/navigation.tsx';
import { AppRoutes, preloadRoute } from '../../../src/app/router.tsx';
import { setupI18n } from '../../../src/lib/i18n.ts';

let i18nReady: Promise<unknown> | null = null;

export async function prepareI18n(): Promise<void> {
  i18nReady ??= setupI18n('en');
  await i18nReady;
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
}

export async function renderApp(path: string) {
  await prepareI18n();
  // jsdom has no scrolling; the layout scrolls to the top on every new page.
  window.scrollTo = () => undefined;
  const queryClient = createQueryClient();
  // The real retry count, without the real back-off delay.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  // As the app's entry does: the page's code loads alongside the start-up data.
  preloadRoute(history.location.pathname, queryClient);
  // Where the app is: `router.state.location` is the history's current location.
  const router = {
    get state() {
      return { location: history.location };
    },
  };
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <StartupGate>
        <ShopRouter history={history}>
          <AppRoutes />
        </ShopRouter>
      </StartupGate>
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}
