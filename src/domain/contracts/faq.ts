/** GET /api/faq (spec section 3, FAQ); the shape is written once, in faq.schema.ts. */
import type { z } from 'zod';
import type { faqQuestionSchema, faqSchema } from './faq.schema.ts';

export type FaqQuestion = z.infer<typeof faqQuestionSchema>;
export type Faq = z.infer<typeof faqSchema>;
