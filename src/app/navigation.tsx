/**
 * The shop's router: react-router's declarative mode (what <BrowserRouter> does: a history and a
 * <Router> that follows it), with every location change rendered as a React transition from
 * `useTransition`. While the next page's code and texts load, the current page stays on screen
 * and `useNavigationPending()` is true, for the layout's progress bar.
 *
 * Not the data router (createBrowserRouter): loaders, fetchers and revalidation, which the shop
 * does not use, cost ~16 KiB gzip of the first page's script.
 */
import { createContext, useContext, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type HistoryRouterProps } from 'react-router-dom';

/** The history the router follows: the browser's, or a memory history in component tests. */
export type ShopHistory = HistoryRouterProps['history'];

const NavigationPending = createContext(false);

/** True while a navigation's new page is still loading (its code or its texts). */
export function useNavigationPending(): boolean {
  return useContext(NavigationPending);
}

export function createShopHistory(): ShopHistory {
  // v5Compat: the listener also hears the app's own push and replace, not only back and forward.
  return createBrowserHistory({ v5Compat: true });
}

export function ShopRouter({ history, children }: { history: ShopHistory; children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => history.listen(({ action, location }) => startTransition(() => setState({ action, location }))), [history]);
  return (
    <NavigationPending.Provider value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPending.Provider>
  );
}
