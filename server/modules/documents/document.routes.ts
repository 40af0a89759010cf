/**
 * The visitor's documents, by the hash the order page (/checkout/return/{hash}: an order's or its
 * checkout's) or the reservation page knows:
 *   GET /api/orders/{hash}/documents        the receipts, invoices and credit notes of its orders
 *   GET /api/orders/{hash}/documents/{id}   one of them as a PDF
 */
import { z } from 'zod';
import { documentListSchema } from '#domain/contracts/documents.schema.ts';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { fileNameOf } from './document.service.ts';

const hashParams = z.object({ hash: z.string().max(200) });
const documentParams = hashParams.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const pdfResponse = z.string().describe('application/pdf');

export const documentRoutes: ZodRoutes = async (app) => {
  const documents = app.services.documents;

  app.get(
    '/orders/:hash/documents',
    {
      schema: {
        operationId: 'orderDocuments',
        summary: "An order's receipts, invoices and credit notes",
        tags: ['checkout'],
        security: access.public,
        params: hashParams,
        response: { 200: documentListSchema, ...refusalResponses },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'private, no-store').send({ documents: await documents.forShopper(request.params.hash.toLowerCase()) }),
  );

  app.get(
    '/orders/:hash/documents/:id',
    {
      schema: {
        operationId: 'orderDocumentPdf',
        summary: "One of an order's documents as a PDF",
        tags: ['checkout'],
        security: access.public,
        params: documentParams,
        response: { 200: pdfResponse, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { document, pdf } = await documents.shopperPdf(request.params.hash.toLowerCase(), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileNameOf(document)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as unknown as string);
    },
  );
};
