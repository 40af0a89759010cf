/**
 * The FAQ's back-office API (registered under /api/backoffice; owner and manager):
 *   GET/POST /settings/faq/questions, PUT/DELETE /settings/faq/questions/{id}
 * A PUT (and a DELETE, in `?version=`) carries the version it was read at: 409 CATALOGUE_STALE_EDIT when
 * someone saved in between. The FAQ's switch and contact details: the organisation module's routes.
 */
import { z } from 'zod';
import {
  deletedSchema,
  faqQuestionEditorSchema,
  faqQuestionEditorViewSchema,
  faqQuestionUpdateSchema,
  versionQuerySchema,
} from '#domain/backoffice/settings-editor.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { staffActor } from '../../staff-audit.ts';
import { idParamsSchema, parseEntityId } from '../../lib/entity-id.ts';
import { answerPrivateNoStore } from '../../lib/cache-control.ts';

const tags: ['backoffice'] = ['backoffice'];
const editors = { staffRoles: STAFF_ACCESS.catalogue };

export const faqAdminRoutes: ZodRoutes = async (app) => {
  const questions = app.services.faqEditing;

  app.addHook('onRequest', answerPrivateNoStore);

  app.get(
    '/settings/faq/questions',
    {
      config: editors,
      schema: {
        operationId: 'editorListFaqQuestions',
        summary: 'Every FAQ question with its texts in every language',
        tags,
        security: access.staff,
        response: { 200: z.array(faqQuestionEditorViewSchema), ...refusalResponses },
      },
    },
    async () => questions.listQuestions(),
  );
  app.post(
    '/settings/faq/questions',
    {
      config: editors,
      schema: {
        operationId: 'editorCreateFaqQuestion',
        summary: 'Creates an FAQ question (answers are HTML, sanitised)',
        tags,
        security: access.staff,
        body: faqQuestionEditorSchema,
        response: { 200: faqQuestionEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => questions.saveQuestion(staffActor(request), request.body, null),
  );
  app.put(
    '/settings/faq/questions/:id',
    {
      config: editors,
      schema: {
        operationId: 'editorUpdateFaqQuestion',
        summary: 'Saves an FAQ question read at `version` (409 CATALOGUE_STALE_EDIT)',
        tags,
        security: access.staff,
        params: idParamsSchema,
        body: faqQuestionUpdateSchema,
        response: { 200: faqQuestionEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) =>
      questions.saveQuestion(staffActor(request), request.body.question, { id: parseEntityId(request.params.id), version: request.body.version }),
  );
  app.delete(
    '/settings/faq/questions/:id',
    {
      config: editors,
      schema: {
        operationId: 'editorDeleteFaqQuestion',
        summary: 'Deletes an FAQ question read at `version`',
        tags,
        security: access.staff,
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: deletedSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await questions.deleteQuestion(staffActor(request), parseEntityId(request.params.id), request.query.version);
      return { deleted: true as const };
    },
  );
};
