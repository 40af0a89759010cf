/**
 * The `enrichment` of POST /api/orders (per order line), /api/subscriptions and /api/vouchers
 * (src/domain/enrichment.ts says what it is): exactly these keys, each bounded.
 */
import { z } from 'zod';
import { CAMPAIGN_VALUE_MAX, ENRICHMENT_URL_MAX } from '../enrichment.ts';

const campaignValue = z.string().trim().min(1).max(CAMPAIGN_VALUE_MAX);

export const enrichmentSchema = z
  .strictObject({
    utm_source: campaignValue.optional(),
    utm_medium: campaignValue.optional(),
    utm_campaign: campaignValue.optional(),
    utm_term: campaignValue.optional(),
    utm_content: campaignValue.optional(),
    referrer: z
      .url({ protocol: /^https?$/ })
      .max(ENRICHMENT_URL_MAX)
      .optional()
      .describe('The referring page on another site: origin and path'),
    landing_path: z.string().startsWith('/').max(ENRICHMENT_URL_MAX).optional().describe('The path of the first page of the visit'),
  })
  .meta({ id: 'Enrichment' });

/** The request field: the enrichment, or nothing. */
export const enrichmentField = enrichmentSchema.nullable().optional().describe('Where the visit came from: campaign parameters, referrer, landing path');
