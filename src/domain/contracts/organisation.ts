/**
 * GET /api/organisation: the shop's settings the storefront needs (spec section 3, Organisation).
 * The answer's shape is written once, as the zod schemas in organisation.schema.ts; these are
 * their types (type-only imports: the storefront bundles no zod).
 */
import type { z } from 'zod';
import type { FIELD_TYPES } from './field-types.ts';
import type { additionSchema, customerFieldSchema, fieldOptionSchema, organisationSchema } from './organisation.schema.ts';

export type FieldType = (typeof FIELD_TYPES)[number];

/** The customer fields every order asks for; their `default` flag is true. */
export const DEFAULT_FIELD_TYPES = ['FIRST_NAME', 'LAST_NAME', 'EMAIL'] as const satisfies readonly FieldType[];
/** Fields that belong to a company and show only when the company box is ticked. */
export const BUSINESS_FIELD_TYPES = ['COMPANY', 'ADDRESS', 'ZIPCODE', 'CITY', 'VAT_ID'] as const satisfies readonly FieldType[];

export type FieldOption = z.infer<typeof fieldOptionSchema>;
export type CustomerField = z.infer<typeof customerFieldSchema>;
export type Addition = z.infer<typeof additionSchema>;
export type Organisation = z.infer<typeof organisationSchema>;
