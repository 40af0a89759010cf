/**
 * The language a request asks for: `?language=` wins over Accept-Language; 'ksh' is served as 'de'.
 * null when neither names a served language; services then use the organisation's default.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { languageFromAcceptHeader, normaliseLanguage, type Language } from '#domain/languages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    requestedLanguage: Language | null;
  }
}

async function language(app: FastifyInstance) {
  app.decorateRequest('requestedLanguage', null);
  app.addHook('onRequest', async (request, reply) => {
    const query = request.query as Record<string, unknown> | undefined;
    const fromQuery = typeof query?.language === 'string' ? normaliseLanguage(query.language) : null;
    request.requestedLanguage = fromQuery ?? languageFromAcceptHeader(request.headers['accept-language']);
    if (request.url.startsWith('/api/')) reply.header('vary', 'Accept-Language, Cookie');
  });
}

export default fp(language, { name: 'language' });
