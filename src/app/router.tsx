/**
 * Every route of spec section 2 (react-router's declarative mode, see navigation.tsx). Each page
 * is a chunk of its own (the module exports `Component`), loaded together with the translations it
 * renders with the first time the page shows, so the first page load carries only the shell. The
 * page the visitor opens the shop on starts loading at once, alongside the start-up data
 * (`preloadRoute`).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement, type ComponentType } from 'react';
import { matchRoutes, Outlet, useParams, useRoutes, type Params, type RouteObject } from 'react-router-dom';
import { productQuery } from '../features/product-order/api/get-product.ts';
import { initialLanguage, loadNamespaces } from '../lib/i18n.ts';
import { Layout } from './layout.tsx';
import { RootErrorBoundary, RouteErrorBoundary } from './route-error.tsx';

interface LazyPage {
  /** Renders the page; suspends until its code and texts are in. */
  Page: ComponentType;
  /** Starts loading the page's code and texts (once); never rejects. */
  preload: () => Promise<void>;
}

/** A route module together with the translations it renders with, fetched at the same time. */
function lazyPage(load: () => Promise<{ Component: ComponentType }>, ...namespaces: string[]): LazyPage {
  let loaded: ComponentType | null = null;
  let failed: { error: unknown } | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= Promise.all([load(), loadNamespaces(namespaces)]).then(
      ([module]) => {
        loaded = module.Component;
      },
      (error: unknown) => {
        // Code that cannot be loaded (a new deploy, a dropped connection) stays failed, as with
        // React.lazy: the route error page offers to reload.
        failed = { error };
      },
    ));
  function Page() {
    if (failed) throw failed.error;
    // Suspends the way React.lazy does (its promise thrown to the nearest Suspense boundary), but a
    // page whose code is already in renders at once: no flash of the loading state when the
    // start-up screen gives way to the page that loaded alongside the start-up data.
    if (!loaded) throw preload();
    return createElement(loaded);
  }
  return { Page, preload };
}

/**
 * Starts fetching a product page's product while its code loads, instead of after it rendered
 * (the page reads the same query). Never blocks; a bad id is the page's to judge.
 */
function prefetchProduct(queryClient: QueryClient, params: Params): void {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  const query = productQuery(id, i18next.language || initialLanguage());
  // Only when nothing is known yet: the page's own query refreshes what is already there.
  if (!queryClient.getQueryState(query.queryKey)) void queryClient.prefetchQuery(query);
}

const notFound = lazyPage(() => import('./not-found-page.tsx'));
const productOrder = lazyPage(() => import('../features/product-order/route.tsx'), 'order', 'subscription');

/** The product flow with a booking being moved (a rebooking, a reservation change): the same chunk, its own component. */
const movedBooking = (component: 'RebookComponent' | 'ChangeComponent') =>
  lazyPage(() => import('../features/product-order/route.tsx').then((module) => ({ Component: module[component] })), 'order', 'subscription', 'rebook');
const productRebook = movedBooking('RebookComponent');
const productChange = movedBooking('ChangeComponent');

/** A page of the product flow that starts fetching its product during render, before its code suspends, so both load at once. */
function prefetchingProduct(page: LazyPage): ComponentType {
  return function ProductFlowPage() {
    prefetchProduct(useQueryClient(), useParams());
    return <page.Page />;
  };
}

type PageRoute = RouteObject & { page: LazyPage; prefetch?: typeof prefetchProduct };

const pageRoute = (route: Omit<PageRoute, 'element'>, element?: ComponentType): PageRoute =>
  ({ ...route, element: createElement(element ?? route.page.Page) }) as PageRoute;

const pages: PageRoute[] = [
  pageRoute({ index: true, page: lazyPage(() => import('../features/home/route.tsx'), 'home') }),
  pageRoute({ path: 'category/:id/:slug', page: lazyPage(() => import('../features/catalogue/category-route.tsx'), 'catalogue') }),
  pageRoute({ path: 'product/:id/rebook', page: productRebook, prefetch: prefetchProduct }, prefetchingProduct(productRebook)),
  // A reservation changed through the product flow (spec section 2, Reservation page), like a rebooking.
  pageRoute({ path: 'product/:id/change', page: productChange, prefetch: prefetchProduct }, prefetchingProduct(productChange)),
  pageRoute({ path: 'product/:id/:slug', page: productOrder, prefetch: prefetchProduct }, prefetchingProduct(productOrder)),
  pageRoute({
    path: 'subscription/:id/:slug',
    page: lazyPage(() => import('../features/subscription-order/route.tsx'), 'subscription', 'customer', 'validation'),
  }),
  pageRoute({ path: 'voucher/:id/:slug', page: lazyPage(() => import('../features/voucher-order/route.tsx'), 'voucher', 'customer', 'validation') }),
  pageRoute({ path: 'faq', page: lazyPage(() => import('../features/faq/route.tsx'), 'faq', 'validation') }),
  pageRoute({ path: 'rebook/:secret', page: lazyPage(() => import('../features/rebook/route.tsx'), 'rebook') }),
  pageRoute({ path: 'waitlist/:token', page: lazyPage(() => import('../features/waitlist/route.tsx'), 'waitlist') }),
  pageRoute({ path: 'renew/:hash', page: lazyPage(() => import('../features/renew/route.tsx'), 'subscription') }),
  pageRoute({ path: 'voucher-check', page: lazyPage(() => import('../features/voucher-check/route.tsx'), 'voucher') }),
  pageRoute({ path: 'gift-card/:hash', page: lazyPage(() => import('../features/voucher-check/gift-card-route.tsx'), 'voucher') }),
  pageRoute({ path: 'reservation/:hash', page: lazyPage(() => import('../features/reservation/route.tsx'), 'reservation', 'history') }),
  pageRoute({ path: 'calendar', page: lazyPage(() => import('../features/calendar/route.tsx'), 'calendar') }),
  pageRoute({ path: 'checkout/return/:hash', page: lazyPage(() => import('../features/checkout-return/route.tsx'), 'checkout', 'history') }),
  pageRoute({ path: 'embed/pay/:hash', page: lazyPage(() => import('../features/embed/pay-route.tsx'), 'embed', 'payment') }),
  pageRoute({ path: 'client/login', page: lazyPage(() => import('../features/client/route.tsx'), 'client', 'validation') }),
  pageRoute({ path: 'client/sign-up', page: lazyPage(() => import('../features/client/sign-up-route.tsx'), 'client', 'validation') }),
  pageRoute({ path: 'client/forgot', page: lazyPage(() => import('../features/client/forgot-route.tsx'), 'client', 'validation') }),
  pageRoute({ path: 'client/reset', page: lazyPage(() => import('../features/client/reset-route.tsx'), 'client', 'validation') }),
  pageRoute({ path: 'client/account', page: lazyPage(() => import('../features/client/account-route.tsx'), 'client', 'validation') }),
  pageRoute({ path: '404', page: notFound }),
  pageRoute({ path: '*', page: notFound }),
];

export const routes: RouteObject[] = [
  {
    element: (
      <RootErrorBoundary>
        <Layout />
      </RootErrorBoundary>
    ),
    children: [
      {
        // A failing page renders its error inside the layout, header and all.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: pages,
      },
    ],
  },
];

/** The first page while its code and texts are still loading (see `preloadRoute`). */
let firstPage: Promise<void> | null = null;

/**
 * The app's pages at the router's location. The first time, it waits for the first page (suspends
 * to the start-up screen, see StartupGate), so that screen gives way to the whole page at once
 * rather than to the header and footer around a spinner.
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  if (firstPage) throw firstPage;
  return element;
}

/** Starts loading the page at `pathname` (its code, texts and, for a product, the product). */
export function preloadRoute(pathname: string, queryClient: QueryClient): void {
  const match = matchRoutes(pages, pathname)?.at(-1);
  if (!match) return;
  // A failure is the page's to show when it renders (its error boundary); the wait ends either way.
  const loaded = (firstPage = match.route.page.preload().then(() => {
    if (firstPage === loaded) firstPage = null;
  }));
  match.route.prefetch?.(queryClient, match.params);
}
