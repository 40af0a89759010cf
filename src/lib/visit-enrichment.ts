/**
 * The visit's enrichment (src/domain/enrichment.ts): captured once, from the first page the tab
 * landed on, kept in this tab's sessionStorage, and sent with every order, subscription and
 * voucher submission of the visit. Nothing is kept when storage is unavailable.
 */
import { enrichmentOfLanding, type Enrichment } from '#domain/enrichment.ts';

const KEY = 'shop.enrichment';

/** Called once as the storefront starts: a later page of the same visit keeps the first landing. */
export function captureLanding(landing: string = window.location.href, referrer: string = document.referrer): void {
  try {
    if (sessionStorage.getItem(KEY) === null) sessionStorage.setItem(KEY, JSON.stringify(enrichmentOfLanding(landing, referrer)));
  } catch {
    // No storage (private mode, blocked): the orders go without it.
  }
}

/** What the visit's submissions send as `enrichment`; null when none was captured. */
export function visitEnrichment(): Enrichment | null {
  try {
    const kept = sessionStorage.getItem(KEY);
    return kept === null ? null : (JSON.parse(kept) as Enrichment);
  } catch {
    return null;
  }
}
