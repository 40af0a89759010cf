/**
 * Every route of spec section 2, each loaded lazily (react-router's `lazy`: the module exports
 * `Component`), so the first page load carries only the shell. Routes whose flows arrive in later
 * issues show the coming-soon page until their feature's `route.tsx` replaces it here.
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Layout } from './layout.tsx';
import { RootErrorPage, RouteErrorPage } from './route-error.tsx';
import { RouteLoading } from './route-loading.tsx';

const comingSoon = () => import('./coming-soon-page.tsx');
const notFound = () => import('./not-found-page.tsx');

export const routes: RouteObject[] = [
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
          { index: true, lazy: () => import('../features/home/route.tsx') },
          { path: 'category/:id/:slug', lazy: () => import('../features/catalogue/category-route.tsx') },
          { path: 'product/:id/rebook', lazy: comingSoon },
          { path: 'product/:id/:slug', lazy: () => import('../features/product-order/route.tsx') },
          { path: 'subscription/:id/:slug', lazy: comingSoon },
          { path: 'voucher/:id/:slug', lazy: comingSoon },
          { path: 'faq', lazy: () => import('../features/faq/route.tsx') },
          { path: 'rebook/:secret', lazy: comingSoon },
          { path: 'renew/:hash', lazy: comingSoon },
          { path: 'voucher-check', lazy: comingSoon },
          { path: 'reservation/:hash', lazy: () => import('../features/reservation/route.tsx') },
          { path: 'calendar', lazy: comingSoon },
          { path: 'checkout/return/:hash', lazy: () => import('../features/checkout-return/route.tsx') },
          { path: 'client/login', lazy: () => import('../features/client/route.tsx') },
          { path: '404', lazy: notFound },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
