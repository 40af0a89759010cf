/**
 * The organisation's tax rules (registered under /api/backoffice; owner and manager):
 *   GET    /settings/tax-rules             the rules, with how many goods use each
 *   POST   /settings/tax-rules             a new rule (TAX_RATE_INVALID outside 0..100 %)
 *   PUT    /settings/tax-rules/{id}        a rule changed (documents issued keep what they printed)
 *   DELETE /settings/tax-rules/{id}        a rule no good uses (else TAX_RULE_IN_USE)
 *   PUT    /settings/tax-rules/{id}/fees   the booking fees (additions) taxed by it
 */
import { z } from 'zod';
import { taxRuleEditorSchema, taxRuleListSchema, taxRuleViewSchema } from '#domain/backoffice/tax-rules.schema.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { staffActor } from '../../staff-audit.ts';
import { answerPrivateNoStore } from '../../lib/cache-control.ts';

const tags: ['backoffice'] = ['backoffice'];
const editors = { staffRoles: STAFF_ACCESS.catalogue };
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const taxRuleAdminRoutes: ZodRoutes = async (app) => {
  const rules = app.services.taxRules;
  app.addHook('onRequest', answerPrivateNoStore);

  app.get(
    '/settings/tax-rules',
    {
      config: editors,
      schema: {
        operationId: 'listTaxRules',
        summary: 'The tax rules',
        tags,
        security: access.staff,
        response: { 200: taxRuleListSchema, ...refusalResponses },
      },
    },
    async () => ({ tax_rules: await rules.list() }),
  );

  app.post(
    '/settings/tax-rules',
    {
      config: editors,
      schema: {
        operationId: 'createTaxRule',
        summary: 'A new tax rule',
        tags,
        security: access.staff,
        body: taxRuleEditorSchema,
        response: { 200: taxRuleViewSchema, ...refusalResponses },
      },
    },
    async (request) => rules.save(staffActor(request), request.body, null),
  );

  app.put(
    '/settings/tax-rules/:id',
    {
      config: editors,
      schema: {
        operationId: 'updateTaxRule',
        summary: 'A tax rule changed',
        tags,
        security: access.staff,
        params: idParams,
        body: taxRuleEditorSchema,
        response: { 200: taxRuleViewSchema, ...refusalResponses },
      },
    },
    async (request) => rules.save(staffActor(request), request.body, request.params.id),
  );

  app.delete(
    '/settings/tax-rules/:id',
    {
      config: editors,
      schema: {
        operationId: 'deleteTaxRule',
        summary: 'A tax rule no good uses, deleted',
        tags,
        security: access.staff,
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...refusalResponses },
      },
    },
    async (request) => {
      await rules.remove(staffActor(request), request.params.id);
      return { deleted: true as const };
    },
  );

  app.put(
    '/settings/tax-rules/:id/fees',
    {
      config: editors,
      schema: {
        operationId: 'assignFeeTaxRule',
        summary: 'The booking fees taxed by this rule',
        tags,
        security: access.staff,
        params: idParams,
        body: z.object({ additions: z.array(z.number().int().positive()).max(100) }).strict(),
        response: { 200: z.object({ ok: z.literal(true) }), ...refusalResponses },
      },
    },
    async (request) => {
      await rules.assignFees(staffActor(request), request.params.id, request.body.additions);
      return { ok: true as const };
    },
  );
};
