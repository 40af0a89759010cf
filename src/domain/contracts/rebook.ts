/** The rebooking calls' shapes (rebook.schema.ts holds them; type-only here: the storefront bundles no zod). */
import type { z } from 'zod';
import type { rebookValidateResponseSchema } from './rebook.schema.ts';

export type RebookValidation = z.infer<typeof rebookValidateResponseSchema>['response'];
