/** GET /api/faq (POST /api/faq/mail, the refund request, lives in the refund-requests module). */
import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_CACHE } from '../catalogue/cache-control.ts';
import { createFaqService } from './faq.service.ts';

export const faqRoutes: FastifyPluginAsync = async (app) => {
  const faq = createFaqService({ db: app.db });

  app.get('/faq', async (request, reply) => {
    const body = await faq.getFaq(request.requestedLanguage);
    return reply.header('cache-control', PUBLIC_CACHE).send(body);
  });
};
