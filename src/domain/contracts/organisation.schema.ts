/**
 * GET /api/organisation as a zod schema: the API's response schema (checked outside production,
 * published in /api/openapi.json) and the source of organisation.ts's types. Apart from
 * organisation.ts so the storefront bundles no zod.
 */
import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { FIELD_TYPES } from './field-types.ts';

const fieldType = z.enum(FIELD_TYPES);
const language = z.enum(LANGUAGES);

export const fieldOptionSchema = z.strictObject({ value: z.string(), label: z.string() });

export const customerFieldSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string().describe('The key the value travels under in `customer.fields` (or the customer property for built-in types)'),
    label: z.string(),
    type: fieldType,
    required: z.boolean(),
    default: z.boolean(),
    business: z.boolean(),
    options: z.array(fieldOptionSchema),
    sort: z.number().int(),
    subscriptions: z.array(z.number().int()).describe('Ids of the items the field applies to; all three empty means every item'),
    products: z.array(z.number().int()),
    vouchers: z.array(z.number().int()),
  })
  .meta({ id: 'CustomerField' });

export const additionSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  amount: z.number(),
  type: z.union([z.literal(0), z.literal(1)]).describe('0: applies to new bookings; 1: applies to rebookings'),
});

export const organisationSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    currency: z.string().describe('ISO 4217'),
    timezone: z.string().describe('IANA timezone every date and time is shown in'),
    theme_colour: z.string().describe("Six hex digits without '#'"),
    default_language: language,
    languages: z.array(language),
    logo: z.string().nullable(),
    shop: z.strictObject({ categories: z.number().int(), allowShoppingCart: z.boolean(), allow_business: z.boolean() }),
    fields: z.array(customerFieldSchema),
    business_fields: z.array(z.strictObject({ type: fieldType, invoice: z.boolean() })),
    additions: z.array(additionSchema),
    security: z.strictObject({ enabled: z.boolean(), captcha_key: z.string().nullable() }),
  })
  .meta({ id: 'Organisation' });
