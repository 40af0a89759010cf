/**
 * An order's tickets to print and to carry, reached by the order's hash like its page:
 * GET /api/orders/{hash}/tickets.pdf                     one page per valid ticket (application/pdf)
 * GET /api/orders/{hash}/tickets/{position}/apple-wallet an Apple Wallet pass of one ticket (.pkpass)
 * GET /api/orders/{hash}/google-wallet                   303 to the Google Wallet save link of its tickets
 * 404 NOT_FOUND for an order that is not paid (or has no valid tickets), 404 WALLET_NOT_CONFIGURED for a
 * wallet the shop has no settings for. Nothing is kept: each answer is rendered from the order as it is.
 */
import type { FastifyPluginAsync, FastifyReply, RawServerDefault } from 'fastify';
import { z } from 'zod';
import { access } from '../../openapi/api-description.ts';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodTypeProvider } from '../../plugins/zod-type-provider.ts';
import type { TicketDocuments, TicketFile } from './ticket-documents.service.ts';

/** The files are bytes, described by their media type (as the reports' CSV). */
const pdfResponse = z.string().describe('application/pdf');
const passResponse = z.string().describe('application/vnd.apple.pkpass');
const hashParams = z.object({ hash: z.string().max(200) });
const ticketParams = hashParams.extend({ position: z.coerce.number().int().min(1).max(100_000) });

const send = (reply: FastifyReply, file: TicketFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.content);

export const ticketDocumentRoutes: FastifyPluginAsync<{ ticketDocuments: TicketDocuments }, RawServerDefault, ZodTypeProvider> = async (
  app,
  { ticketDocuments },
) => {
  app.get(
    '/orders/:hash/tickets.pdf',
    {
      schema: {
        operationId: 'getTicketPdf',
        summary: 'A paid order’s e-tickets as a PDF, one page per valid ticket',
        tags: ['tickets'],
        security: access.public,
        params: hashParams,
        response: { 200: pdfResponse, ...refusalResponses },
      },
    },
    async (request, reply) => send(reply, await ticketDocuments.ticketPdf(request.params.hash.toLowerCase())),
  );

  app.get(
    '/orders/:hash/tickets/:position/apple-wallet',
    {
      schema: {
        operationId: 'getApplePass',
        summary: 'An Apple Wallet pass (.pkpass) of one valid ticket of a paid order',
        tags: ['tickets'],
        security: access.public,
        params: ticketParams,
        response: { 200: passResponse, ...refusalResponses },
      },
    },
    async (request, reply) => send(reply, await ticketDocuments.applePass(request.params.hash.toLowerCase(), request.params.position)),
  );

  app.get(
    '/orders/:hash/google-wallet',
    {
      schema: {
        operationId: 'saveToGoogleWallet',
        summary: 'Redirects to the Google Wallet save link of a paid order’s valid tickets',
        tags: ['tickets'],
        security: access.public,
        // A browser redirect target answering only a 303: left out of the document, as the payment pages' are.
        hide: true,
        params: hashParams,
        response: { ...refusalResponses },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'private, no-store').redirect(await ticketDocuments.googleSaveUrl(request.params.hash.toLowerCase()), 303),
  );
};
