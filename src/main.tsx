/** The entry: providers and the router. Everything else starts in src/app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StartupGate } from './app/bootstrap.tsx';
import { startErrorReportingAfterLoad } from './app/error-reporting.ts';
import { createShopHistory, ShopRouter } from './app/navigation.tsx';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { AppRoutes, preloadRoute } from './app/router.tsx';
import { embed } from './embed/embedded.ts';
import { setupI18n } from './lib/i18n.ts';
import { captureLanding } from './lib/visit-enrichment.ts';
import './app/styles.css';

// Where the visit came from, before anything navigates (src/domain/enrichment.ts).
captureLanding();
// In a frame on the organisation's site (embed.js): the embed mode's own chunk, never loaded otherwise.
if (embed.host) void import('./embed/embed-mode.ts').then((mode) => mode.startEmbedMode());
void setupI18n();
const queryClient = createQueryClient();
const history = createShopHistory();
// Before the first render, so the current page's code loads alongside the start-up data.
preloadRoute(history.location.pathname, queryClient);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <StartupGate>
        <ShopRouter history={history}>
          <AppRoutes />
        </ShopRouter>
      </StartupGate>
    </AppProviders>
  </StrictMode>,
);

startErrorReportingAfterLoad();
