/**
 * An order's `enrichment` (spec sections 3 and 7: sent with orders, subscriptions and vouchers):
 * where the visitor came from, as the storefront saw it on the first page of the visit — the
 * landing URL's campaign parameters (utm_source, utm_medium, utm_campaign, utm_term, utm_content),
 * the referring page when it is another site (origin and path only: its query may carry someone's
 * data), and the landing path. Kept on the order (`orders.enrichment`) for the shop's own
 * reporting; never priced, never shown to the shopper. The server takes exactly these keys,
 * bounded (contracts/enrichment.schema.ts): anything else is a 400, so the column never holds
 * free-form input. This file is the storefront's side (no zod: the storefront bundles none).
 * Decision record: docs/decisions/0018-invoice-orders-and-enrichment.md.
 */
export const CAMPAIGN_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export const CAMPAIGN_VALUE_MAX = 200;
export const ENRICHMENT_URL_MAX = 1000;

export type CampaignParameter = (typeof CAMPAIGN_PARAMETERS)[number];
export type Enrichment = Partial<Record<CampaignParameter, string>> & { referrer?: string; landing_path?: string };

function parsed(address: string): URL | null {
  try {
    return address ? new URL(address) : null;
  } catch {
    return null;
  }
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * The enrichment of a visit that landed on `landing` (the full address of its first page) from
 * `referrer` (document.referrer, '' when none). A referrer on the shop's own origin is not a
 * source and is left out. Values are trimmed and clipped to what the server takes.
 */
export function enrichmentOfLanding(landing: string, referrer: string): Enrichment {
  const url = new URL(landing);
  const enrichment: Enrichment = { landing_path: clip(url.pathname, ENRICHMENT_URL_MAX) };
  for (const name of CAMPAIGN_PARAMETERS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) enrichment[name] = clip(value, CAMPAIGN_VALUE_MAX);
  }
  const from = parsed(referrer);
  if (from && (from.protocol === 'https:' || from.protocol === 'http:') && from.origin !== url.origin) {
    const page = `${from.origin}${from.pathname}`;
    if (page.length <= ENRICHMENT_URL_MAX) enrichment.referrer = page;
  }
  return enrichment;
}
