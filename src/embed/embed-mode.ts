/**
 * The embed mode of the storefront, loaded only in an embed frame (main.tsx): it checks the host
 * against the allow-list, hides the shop's own header and footer, tells the host its height as it
 * changes, hands Escape to the host (which closes its overlay), and opens the shop's own pages that
 * need its session cookie (signing in, the account) at the top level in a new window, since the
 * frame has no cookie of the shop when third-party cookies are blocked.
 */
import { embed, embedAllows, postToHost } from './embedded.ts';

const STYLE = `
html.shop-embedded body, html.shop-embedded .app-shell { min-height: 0; }
html.shop-embedded .site-header, html.shop-embedded .site-footer { display: none; }
`;

/** Pages that need the shop's session: opened outside the frame. */
const OUTSIDE = /^\/client\//;

export async function startEmbedMode(): Promise<void> {
  const host = embed.host;
  if (!host) return;
  document.documentElement.classList.add('shop-embedded');
  const style = document.createElement('style');
  style.textContent = STYLE;
  document.head.append(style);

  const response = await fetch('/api/embed', { headers: { accept: 'application/json' } });
  if (!embedAllows(await response.json().catch(() => null), host)) return;
  embed.allowed = true;

  let last = 0;
  const report = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    postToHost({ type: 'shop:height', height });
  };
  new ResizeObserver(report).observe(document.body);
  report();
  postToHost({ type: 'shop:ready' });

  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('[role="dialog"], dialog[open]')) postToHost({ type: 'shop:close' });
  });
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || !OUTSIDE.test(link.pathname)) return;
      event.preventDefault();
      window.open(link.href, '_blank', 'noopener');
    },
    true,
  );
}
