/**
 * The page frame around every route: skip link, header, <main> with the route, footer. It also
 * applies the organisation's theme colour and moves focus to the new page's heading after a
 * client-side navigation, so keyboard and screen-reader users start reading at the new content.
 * A new page starts at the top; back and forward leave scrolling to the browser. (react-router's
 * ScrollRestoration needs its data router, which the shop does not use: see navigation.tsx.)
 */
import { Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { useOrganisation } from '../lib/api/organisation.ts';
import { CardHost } from '../payments/card-host.tsx';
import { WalletHost } from '../payments/wallet/wallet-host.tsx';
import { useNavigationPending } from './navigation.tsx';
import { RouteLoading } from './route-loading.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { useThemeColour } from './theme.ts';
import './layout.css';

function focusMain(main: HTMLElement | null, options?: FocusOptions): void {
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus(options);
  } else {
    main.focus(options);
  }
}

/** Focus follows navigation (not the first page load, and not query-string-only changes). */
function useFocusOnNavigation() {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    focusMain(main.current, { preventScroll: true });
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return main;
}

export function Layout() {
  const { t } = useTranslation('common');
  const organisation = useOrganisation();
  useThemeColour(organisation.theme_colour);
  // The current page stays while the next one's code and texts load (a transition).
  const navigating = useNavigationPending();
  const main = useFocusOnNavigation();

  function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
    // Keeps "#main" out of the address bar; the href still works without JavaScript handlers.
    event.preventDefault();
    focusMain(main.current);
  }

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main" onClick={skipToContent}>
        {t('layout.skipToContent')}
      </a>
      <SiteHeader />
      {navigating ? <div className="navigation-progress" aria-hidden="true" /> : null}
      <main id="main" ref={main} tabIndex={-1} className="app-shell__main" aria-busy={navigating || undefined}>
        <Suspense fallback={<RouteLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <CardHost />
      <WalletHost />
    </div>
  );
}
