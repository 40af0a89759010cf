/**
 * PayPal's routes, registered under /api only when PAYMENT_GATEWAY=paypal:
 * POST /api/payments/paypal/webhook  PayPal's event deliveries (paypal-webhook.ts): 200 once handled
 * or when there is nothing to do, 400 WEBHOOK_SIGNATURE_INVALID when PayPal does not vouch for it,
 * 5xx when we could not handle it (PayPal then delivers again).
 */
import { z } from 'zod';
import { refusalResponses } from '../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../plugins/zod-type-provider.ts';
import type { GatewaySettlement } from '../payment-gateway.ts';
import { webhookEventSchema } from './paypal-types.ts';
import { createPayPalWebhook, WEBHOOK_RESULTS } from './paypal-webhook.ts';
import { access } from '../../openapi/api-description.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as received (set by this plugin's parser only). */
    rawBody?: string;
  }
}

const webhookAnswerSchema = z.strictObject({ ok: z.literal(true), result: z.enum(WEBHOOK_RESULTS) });

export const payPalRoutes =
  (settlement: GatewaySettlement): ZodRoutes =>
  async (app) => {
    // This plugin's JSON parser keeps the text: PayPal verifies the delivery over its exact bytes.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = body as string;
      try {
        // As Fastify's own parser does: no `__proto__` keys from outside.
        done(
          null,
          JSON.parse(body as string, (key, value: unknown) => (key === '__proto__' ? undefined : value)),
        );
      } catch {
        done(Object.assign(new SyntaxError('The body is not valid JSON'), { statusCode: 400 }), undefined);
      }
    });

    // Built on first delivery: an incomplete configuration answers 503 there, not at start-up.
    let webhook: ReturnType<typeof createPayPalWebhook> | null = null;

    app.post(
      '/payments/paypal/webhook',
      {
        schema: {
          operationId: 'receivePayPalWebhook',
          summary: "PayPal's payment events (verified with PayPal)",
          tags: ['payments'],
          security: access.public,
          body: webhookEventSchema,
          response: { 200: webhookAnswerSchema, ...refusalResponses },
        },
      },
      async (request, reply) => {
        webhook ??= createPayPalWebhook({ db: app.db, settlement, config: app.config, logger: app.log });
        const result = await webhook.receive({ headers: request.headers, rawBody: request.rawBody ?? '', event: request.body });
        return reply.header('cache-control', 'no-store').send({ ok: true as const, result });
      },
    );
  };
