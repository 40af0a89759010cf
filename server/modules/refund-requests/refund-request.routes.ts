/**
 * POST /api/faq/mail: the refund request form of the FAQ page (spec sections 3, 5 and 7).
 * 201 { ok: true } once stored; 400 VALIDATION_FAILED with `fields` and nothing stored otherwise.
 * Throttled per address and per e-mail, with the captcha past a few a hour (server/security/abuse-limits.ts):
 * 429 RATE_LIMITED, 403 SECURITY_CAPTCHA_REQUIRED / SECURITY_CAPTCHA_INVALID.
 */
import { z } from 'zod';
import { okSchema, refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import { access } from '../../openapi/api-description.ts';

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
  /** A captcha token, once the form has been sent a few times from this address. */
  captcha: z.string().max(4096).optional(),
});

export const refundRequestRoutes: ZodRoutes = async (app) => {
  const service = app.services.refundRequests;

  app.post(
    '/faq/mail',
    {
      schema: {
        operationId: 'sendRefundRequest',
        summary: 'Send a refund request from the FAQ page',
        tags: ['refunds'],
        security: access.public,
        body: refundRequestBody,
        response: { 201: okSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { captcha, ...form } = request.body;
      await app.services.limits.refundForm(form.email, request.ip, captcha);
      const { id, notified } = await service.submit(form, request.requestedLanguage);
      if (!notified) request.log.warn({ refundRequestId: id }, 'refund request stored, but the organisation has no e-mail address to notify');
      return reply.status(201).header('cache-control', 'no-store').send({ ok: true });
    },
  );
};
