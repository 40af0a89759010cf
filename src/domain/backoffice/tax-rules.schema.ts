/**
 * The back office's tax rules (settings, owner and manager): name, rate in percent (two decimals, as
 * people type it: 9, 21, 5.5) and kind. The rate's bounds are a domain rule (src/domain/tax.ts
 * `validRateBp`): the server refuses another with TAX_RATE_INVALID, not a schema error.
 */
import { z } from 'zod';
import { TAX_KINDS } from '../tax.ts';

export const taxRuleEditorSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    /** Percent; 0..100 (checked as basis points by the domain rule). */
    rate: z.number().finite(),
    kind: z.enum(TAX_KINDS).default('STANDARD'),
  })
  .strict();
export type TaxRuleEditorInput = z.infer<typeof taxRuleEditorSchema>;

export const taxRuleViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rate: z.number(),
  kind: z.enum(TAX_KINDS),
  /** How many products, upsells, subscriptions and fees name it (a rule in use cannot be deleted). */
  used_by: z.number().int(),
});
export type TaxRuleView = z.infer<typeof taxRuleViewSchema>;

export const taxRuleListSchema = z.object({ tax_rules: z.array(taxRuleViewSchema) });
