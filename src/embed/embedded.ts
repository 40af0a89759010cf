/**
 * Whether the storefront runs in a frame on the organisation's site (embed.js opens it with
 * `?embed=1&host=<the site's origin>`), and its only channel to that site. Tiny on purpose: it is in
 * the first page's code; everything else of the embed mode loads lazily (embed-mode.ts). Messages go
 * to the host's origin only, and only once the host is known to be one FRAME_ANCESTORS allows.
 */
export interface EmbedMessage {
  type: 'shop:height' | 'shop:pay' | 'shop:close' | 'shop:ready';
  height?: number;
  payment?: string;
}

const params = new URLSearchParams(globalThis.location?.search ?? '');

export const embed = {
  /** The embedding site's origin, or null when the shop is not in an embed frame. */
  host: typeof window !== 'undefined' && window.parent !== window && params.has('embed') ? params.get('host') : null,
  /** Set by embed-mode.ts once the host is on the allow-list (GET /api/embed). */
  allowed: false,
};

export function postToHost(message: EmbedMessage): boolean {
  if (!embed.host || !embed.allowed) return false;
  window.parent.postMessage(message, embed.host);
  return true;
}

/** The storefront's sessionStorage key (first-party, at the top level) holding where to go back after paying. */
export const EMBED_BACK_KEY = 'shop-embed-back';

/** Whether an answer of GET /api/embed lists `origin` (read by hand: no schema library in the first page's code). */
export function embedAllows(settings: unknown, origin: string): boolean {
  const origins = (settings as { origins?: unknown } | null)?.origins;
  return Array.isArray(origins) && origins.includes(origin);
}
