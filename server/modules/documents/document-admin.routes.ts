/**
 * The back office's documents (docs/backoffice.md):
 *   GET  /documents                   the list, newest first (by kind; `before` pages on) — manager and up
 *   GET  /documents/{id}              one as a PDF — box office and up
 *   POST /documents/{id}/send         mailed again to the order's customer — box office and up
 *   GET  /orders/{number}/documents   an order's, for its desk page — box office and up
 */
import { z } from 'zod';
import { documentListSchema, documentPageSchema } from '#domain/contracts/documents.schema.ts';
import { DOCUMENT_KINDS } from '#domain/documents.ts';
import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { pdfResponse } from './document.routes.ts';
import { fileNameOf } from './document.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const numberParams = z.object({ number: z.coerce.number().int().positive().max(2_147_483_647) });
const listQuery = z.object({
  kind: z.enum(DOCUMENT_KINDS).optional(),
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const documentAdminRoutes: ZodRoutes = async (app) => {
  const documents = app.services.documents;

  app.get(
    '/documents',
    {
      config: { staffRoles: STAFF_ACCESS.reports },
      schema: {
        operationId: 'listDocuments',
        summary: 'Receipts, invoices and credit notes, newest first',
        tags: ['backoffice'],
        security: access.staff,
        querystring: listQuery,
        response: { 200: documentPageSchema, ...refusalResponses },
      },
    },
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await documents.list(request.query)),
  );

  app.get(
    '/documents/:id',
    {
      config: { staffRoles: STAFF_ACCESS.orders },
      schema: {
        operationId: 'documentPdf',
        summary: 'A document as a PDF',
        tags: ['backoffice'],
        security: access.staff,
        params: idParams,
        response: { 200: pdfResponse, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { document, pdf } = await documents.staffPdf(request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileNameOf(document)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as unknown as string);
    },
  );

  app.post(
    '/documents/:id/send',
    {
      config: { staffRoles: STAFF_ACCESS.orders },
      schema: {
        operationId: 'sendDocument',
        summary: "A document mailed again to its order's customer",
        tags: ['backoffice'],
        security: access.staff,
        params: idParams,
        response: { 200: z.object({ recipient: z.string() }), ...refusalResponses },
      },
    },
    async (request) => documents.resend(request.params.id),
  );

  app.get(
    '/orders/:number/documents',
    {
      config: { staffRoles: STAFF_ACCESS.orders },
      schema: {
        operationId: 'orderDocumentsForStaff',
        summary: "An order's documents, for its desk page",
        tags: ['backoffice'],
        security: access.staff,
        params: numberParams,
        response: { 200: documentListSchema, ...refusalResponses },
      },
    },
    async (request, reply) => reply.header('cache-control', 'private, no-store').send({ documents: await documents.ofOrderNumber(request.params.number) }),
  );
};
