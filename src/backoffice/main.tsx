/** The back office's entry (backoffice/index.html): its own bundle, never loaded by the storefront. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { BackofficeApp } from './app.tsx';
import { backofficeI18n, setupBackofficeI18n } from './i18n.ts';
import './backoffice.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

void setupBackofficeI18n().then(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <I18nextProvider i18n={backofficeI18n}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename="/backoffice">
            <Suspense fallback={null}>
              <BackofficeApp />
            </Suspense>
          </BrowserRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
});
