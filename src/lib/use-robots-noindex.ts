/** Asks search engines not to index the page while it is shown (spec section 4: products that are not visible). */
import { useEffect } from 'react';

export function useRobotsNoindex(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, [active]);
}
