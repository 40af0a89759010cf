/**
 * Every route of spec section 2, each loaded lazily (react-router's `lazy`: the module exports
 * `Component`), so the first page load carries only the shell.
 */
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { productQuery } from '../features/product-order/api/get-product.ts';
import { initialLanguage, loadNamespaces } from '../lib/i18n.ts';
import { Layout } from './layout.tsx';
import { RootErrorPage, RouteErrorPage } from './route-error.tsx';
import { RouteLoading } from './route-loading.tsx';

/** A route module together with the translations it renders with, fetched at the same time. */
const withTexts =
  <T,>(load: () => Promise<T>, ...namespaces: string[]) =>
  async (): Promise<T> => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return module;
  };

const notFound = () => import('./not-found-page.tsx');

/**
 * Starts fetching a product page's product while its code loads, instead of after it rendered
 * (the page reads the same query). Never blocks the navigation; a bad id is the page's to judge.
 */
function prefetchProduct(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) => {
    const id = Number(params.id);
    if (Number.isSafeInteger(id) && id > 0) void queryClient.prefetchQuery(productQuery(id, i18next.language || initialLanguage()));
    return null;
  };
}

/** The routes; with a query client, pages also start fetching their data alongside their code. */
export function appRoutes(queryClient: QueryClient | null = null): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Layout,
      errorElement: <RootErrorPage />,
      HydrateFallback: RouteLoading,
      children: [
        {
          // Pathless: a failing page renders its error inside the layout, header and all.
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, lazy: withTexts(() => import('../features/home/route.tsx'), 'home') },
            { path: 'category/:id/:slug', lazy: withTexts(() => import('../features/catalogue/category-route.tsx'), 'catalogue') },
            {
              path: 'product/:id/rebook',
              lazy: withTexts(
                () => import('../features/product-order/route.tsx').then((module) => ({ Component: module.RebookComponent })),
                'order',
                'subscription',
                'rebook',
              ),
            },
            {
              path: 'product/:id/:slug',
              lazy: withTexts(() => import('../features/product-order/route.tsx'), 'order', 'subscription'),
              ...(queryClient ? { loader: prefetchProduct(queryClient) } : {}),
            },
            {
              path: 'subscription/:id/:slug',
              lazy: withTexts(() => import('../features/subscription-order/route.tsx'), 'subscription', 'customer', 'validation'),
            },
            { path: 'voucher/:id/:slug', lazy: withTexts(() => import('../features/voucher-order/route.tsx'), 'voucher', 'customer', 'validation') },
            { path: 'faq', lazy: withTexts(() => import('../features/faq/route.tsx'), 'faq') },
            { path: 'rebook/:secret', lazy: withTexts(() => import('../features/rebook/route.tsx'), 'rebook') },
            { path: 'renew/:hash', lazy: withTexts(() => import('../features/renew/route.tsx'), 'subscription') },
            { path: 'voucher-check', lazy: withTexts(() => import('../features/voucher-check/route.tsx'), 'voucher') },
            { path: 'gift-card/:hash', lazy: withTexts(() => import('../features/voucher-check/gift-card-route.tsx'), 'voucher') },
            { path: 'reservation/:hash', lazy: () => import('../features/reservation/route.tsx') },
            { path: 'calendar', lazy: withTexts(() => import('../features/calendar/route.tsx'), 'calendar') },
            { path: 'checkout/return/:hash', lazy: () => import('../features/checkout-return/route.tsx') },
            { path: 'client/login', lazy: withTexts(() => import('../features/client/route.tsx'), 'client') },
            { path: '404', lazy: notFound },
            { path: '*', lazy: notFound },
          ],
        },
      ],
    },
  ];
}

export const routes: RouteObject[] = appRoutes();

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}
