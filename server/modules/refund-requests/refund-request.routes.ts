/**
 * POST /api/faq/mail: the refund request form of the FAQ page (spec sections 3, 5 and 7).
 * 201 { ok: true } once stored; 400 VALIDATION_FAILED with `fields` and nothing stored otherwise.
 */
import { z } from 'zod';
import { okSchema, refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { createRefundRequestService } from './refund-request.service.ts';

// Only the shape is checked here (strings; a missing field is an empty one, which the domain
// rules then call `required`); the rules themselves live in validateRefundRequest.
const text = z.string().default('');
const refundRequestBody = z.object({
  first_name: text,
  last_name: text,
  email: text,
  adress: text,
  order_number: text,
  comment: text,
});

export const refundRequestRoutes: ZodRoutes = async (app) => {
  const service = createRefundRequestService({ db: app.db, clock: app.clock });

  app.post('/faq/mail', { schema: { body: refundRequestBody, response: { 201: okSchema, ...refusalResponses } } }, async (request, reply) => {
    const { id, notified } = await service.submit(request.body, request.requestedLanguage);
    if (!notified) request.log.warn({ refundRequestId: id }, 'refund request stored, but the organisation has no e-mail address to notify');
    return reply.status(201).header('cache-control', 'no-store').send({ ok: true });
  });
};
