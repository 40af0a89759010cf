/** The entry: providers and the router. Everything else starts in src/app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { StartupGate } from './app/bootstrap.tsx';
import { startErrorReportingAfterLoad } from './app/error-reporting.ts';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { setupI18n } from './lib/i18n.ts';
import './app/styles.css';

void setupI18n();
const queryClient = createQueryClient();
// Created before the first render so the current route's code loads alongside the start-up data.
const router = createAppRouter(queryClient);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <StartupGate>
        <RouterProvider router={router} />
      </StartupGate>
    </AppProviders>
  </StrictMode>,
);

startErrorReportingAfterLoad();
