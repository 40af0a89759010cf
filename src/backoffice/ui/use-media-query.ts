/**
 * Whether a CSS media query matches now, kept up to date as the window changes (matchMedia's change
 * event). For layout that needs different markup, not only different styles, at a breakpoint that
 * backoffice.css uses too, e.g. `useMediaQuery('(min-width: 900px)', true)`. `fallback` is the answer
 * where the window cannot be asked (no matchMedia, as in jsdom): pick the layout that hides nothing.
 */
import { useCallback, useSyncExternalStore } from 'react';

const canAsk = () => typeof window.matchMedia === 'function';

export function useMediaQuery(query: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canAsk()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => (canAsk() ? window.matchMedia(query).matches : fallback));
}
