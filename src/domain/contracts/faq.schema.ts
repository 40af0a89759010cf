/** GET /api/faq as a zod schema (the API's response schema; faq.ts derives the storefront's type). */
import { z } from 'zod';

export const faqQuestionSchema = z.strictObject({
  id: z.number().int(),
  question: z.string(),
  answer: z.string().describe('HTML, sanitised by the API'),
});

export const faqSchema = z
  .strictObject({
    faq_enabled: z.boolean(),
    questions: z.array(faqQuestionSchema),
    phone_number: z.string().nullable(),
    email: z.string().nullable(),
    whatsapp_url: z.string().nullable(),
    opening_hours_url: z.string().nullable(),
    rebooking_allowed: z.boolean(),
    rebooking_secret: z.string().nullable().describe('Present only when rebooking is allowed'),
  })
  .meta({ id: 'Faq' });
