/**
 * The organisation's back-office API (registered under /api/backoffice):
 *   GET      /catalogue/languages                the shop's languages and its default (every editor's text tabs)
 *   GET/PUT  /settings/organisation              the shop's settings (owner only, STAFF_ACCESS.settings)
 *   GET/POST /settings/fields, PUT/DELETE /settings/fields/{id}          customer fields (owner, manager)
 *   GET/POST /settings/additions, PUT/DELETE /settings/additions/{id}    additions (owner, manager)
 *   GET/PUT  /settings/faq/contact               FAQ switch and the contact details behind the support cards
 * A PUT (and a DELETE, in `?version=`) carries the version it was read at: 409 CATALOGUE_STALE_EDIT when
 * someone saved in between. The logo is uploaded through POST /catalogue/images (the catalogue module);
 * the FAQ's questions are the faq module's.
 */
import { z } from 'zod';
import { catalogueLanguagesSchema } from '#domain/backoffice/catalogue-editor.ts';
import {
  additionEditorSchema,
  additionEditorViewSchema,
  additionUpdateSchema,
  customerFieldEditorSchema,
  customerFieldEditorViewSchema,
  customerFieldUpdateSchema,
  deletedSchema,
  faqContactUpdateSchema,
  faqContactViewSchema,
  organisationSettingsUpdateSchema,
  organisationSettingsViewSchema,
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
const owner = { staffRoles: STAFF_ACCESS.settings };
const editors = { staffRoles: STAFF_ACCESS.catalogue };

export const organisationAdminRoutes: ZodRoutes = async (app) => {
  const { shop, customerFields, additions } = app.services.organisationEditing;

  app.addHook('onRequest', answerPrivateNoStore);

  app.get(
    '/catalogue/languages',
    {
      config: editors,
      schema: {
        operationId: 'editorLanguages',
        summary: "The organisation's catalogue languages and its default",
        tags,
        security: access.staff,
        response: { 200: catalogueLanguagesSchema, ...refusalResponses },
      },
    },
    async () => shop.languages(),
  );

  /* organisation settings */
  app.get(
    '/settings/organisation',
    {
      config: owner,
      schema: {
        operationId: 'editorGetSettings',
        summary: "The shop's settings with their version",
        tags,
        security: access.staff,
        response: { 200: organisationSettingsViewSchema, ...refusalResponses },
      },
    },
    async () => shop.getSettings(),
  );
  app.put(
    '/settings/organisation',
    {
      config: owner,
      schema: {
        operationId: 'editorUpdateSettings',
        summary: "Saves the shop's settings read at `version` (409 CATALOGUE_STALE_EDIT, 400 THEME_COLOUR_UNREADABLE, 400 TIMEZONE_UNKNOWN)",
        tags,
        security: access.staff,
        body: organisationSettingsUpdateSchema,
        response: { 200: organisationSettingsViewSchema, ...refusalResponses },
      },
    },
    async (request) => shop.updateSettings(staffActor(request), request.body.version, request.body.settings),
  );

  /* customer fields */
  app.get(
    '/settings/fields',
    {
      config: editors,
      schema: {
        operationId: 'editorListFields',
        summary: 'Every customer field with its texts in every language',
        tags,
        security: access.staff,
        response: { 200: z.array(customerFieldEditorViewSchema), ...refusalResponses },
      },
    },
    async () => customerFields.listFields(),
  );
  app.post(
    '/settings/fields',
    {
      config: editors,
      schema: {
        operationId: 'editorCreateField',
        summary: 'Creates a customer field',
        tags,
        security: access.staff,
        body: customerFieldEditorSchema,
        response: { 200: customerFieldEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => customerFields.saveField(staffActor(request), request.body, null),
  );
  app.put(
    '/settings/fields/:id',
    {
      config: editors,
      schema: {
        operationId: 'editorUpdateField',
        summary: 'Saves a customer field read at `version` (409 CATALOGUE_STALE_EDIT)',
        tags,
        security: access.staff,
        params: idParamsSchema,
        body: customerFieldUpdateSchema,
        response: { 200: customerFieldEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) =>
      customerFields.saveField(staffActor(request), request.body.field, { id: parseEntityId(request.params.id), version: request.body.version }),
  );
  app.delete(
    '/settings/fields/:id',
    {
      config: editors,
      schema: {
        operationId: 'editorDeleteField',
        summary: 'Deletes a customer field read at `version` (orders keep their values)',
        tags,
        security: access.staff,
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: deletedSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await customerFields.deleteField(staffActor(request), parseEntityId(request.params.id), request.query.version);
      return { deleted: true as const };
    },
  );

  /* additions */
  app.get(
    '/settings/additions',
    {
      config: editors,
      schema: {
        operationId: 'editorListAdditions',
        summary: 'Every addition (booking fees): type 0 new bookings, 1 rebookings',
        tags,
        security: access.staff,
        response: { 200: z.array(additionEditorViewSchema), ...refusalResponses },
      },
    },
    async () => additions.listAdditions(),
  );
  app.post(
    '/settings/additions',
    {
      config: editors,
      schema: {
        operationId: 'editorCreateAddition',
        summary: 'Creates an addition',
        tags,
        security: access.staff,
        body: additionEditorSchema,
        response: { 200: additionEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) => additions.saveAddition(staffActor(request), request.body, null),
  );
  app.put(
    '/settings/additions/:id',
    {
      config: editors,
      schema: {
        operationId: 'editorUpdateAddition',
        summary: 'Saves an addition read at `version` (409 CATALOGUE_STALE_EDIT)',
        tags,
        security: access.staff,
        params: idParamsSchema,
        body: additionUpdateSchema,
        response: { 200: additionEditorViewSchema, ...refusalResponses },
      },
    },
    async (request) =>
      additions.saveAddition(staffActor(request), request.body.addition, { id: parseEntityId(request.params.id), version: request.body.version }),
  );
  app.delete(
    '/settings/additions/:id',
    {
      config: editors,
      schema: {
        operationId: 'editorDeleteAddition',
        summary: 'Deletes an addition read at `version`',
        tags,
        security: access.staff,
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: deletedSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await additions.deleteAddition(staffActor(request), parseEntityId(request.params.id), request.query.version);
      return { deleted: true as const };
    },
  );

  /* the FAQ's switch and contact details */
  app.get(
    '/settings/faq/contact',
    {
      config: editors,
      schema: {
        operationId: 'editorGetFaqContact',
        summary: 'The FAQ switch and the contact details the support cards show',
        tags,
        security: access.staff,
        response: { 200: faqContactViewSchema, ...refusalResponses },
      },
    },
    async () => shop.getContact(),
  );
  app.put(
    '/settings/faq/contact',
    {
      config: editors,
      schema: {
        operationId: 'editorUpdateFaqContact',
        summary: 'Saves the FAQ switch and contact details read at `version` (409 CATALOGUE_STALE_EDIT)',
        tags,
        security: access.staff,
        body: faqContactUpdateSchema,
        response: { 200: faqContactViewSchema, ...refusalResponses },
      },
    },
    async (request) => shop.updateContact(staffActor(request), request.body.version, request.body.contact),
  );
};
