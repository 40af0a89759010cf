/** The waiting list of sold-out slots: requests and answers shared by the storefront and the API. */
import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';

/** The most places one waiting-list entry may ask for. */
export const WAITLIST_MAX_QUANTITY = 20;

export const waitlistJoinSchema = z.object({
  plot: z.number().int().positive().max(2_147_483_647),
  email: z.string().trim().toLowerCase().email().max(254),
  quantity: z.number().int().min(1).max(WAITLIST_MAX_QUANTITY),
  language: z.enum(LANGUAGES),
});
export type WaitlistJoin = z.input<typeof waitlistJoinSchema>;

export const waitlistJoinedSchema = z.strictObject({
  ok: z.literal(true),
  response: z.strictObject({ position: z.number().int().min(1).describe('Place in the list (arrival order) when joined') }),
});

/** A held offer behind a mailed link: what the product flow opens. */
export const waitlistOfferSchema = z.strictObject({
  ok: z.literal(true),
  response: z.strictObject({
    productId: z.number().int(),
    plotId: z.number().int(),
    date: z.string(),
    startTime: z.string().nullable(),
    quantity: z.number().int(),
    expiresAt: z.string().describe('When the held places go to the next entry (ISO 8601)'),
  }),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>['response'];
