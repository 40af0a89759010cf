/**
 * GET /api/openapi.json: the OpenAPI document of every /api route this process serves (but the browser
 * redirect targets whose schema says `hide`), generated from the routes' own zod schemas and the names,
 * tags and credentials they declare (./api-description.ts). Registered before the routes (its onRoute
 * hook sees each one as it is added, gateway routes included: the document describes this
 * configuration), built once on the first request and then answered as the same string.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { LANGUAGES } from '#domain/languages.ts';
import { refusalResponses } from '../plugins/error-handler.ts';
import { access, API_INFO, API_SERVERS, API_TAGS, SECURITY_SCHEMES } from './api-description.ts';
import { buildOpenApiDocument, type DocumentedRoute } from './openapi-document.ts';

// Read by the language plugin on every request, so no route schema names it.
const LANGUAGE_PARAMETER = {
  name: 'language',
  in: 'query',
  required: false,
  description: "The language of catalogue texts; wins over Accept-Language. One the shop does not serve is ignored: the organisation's default",
  schema: { type: 'string', examples: [...LANGUAGES] },
};

const openApiDocumentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) });

async function openApi(app: FastifyInstance) {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    // HEAD twins of GET routes are Fastify's own; the storefront's static pages are not the API.
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
    if (!route.url.startsWith('/api/')) return;
    const staffRoles = route.config?.staffRoles;
    for (const method of methods) {
      routes.push({ method, url: route.url, schema: route.schema as DocumentedRoute['schema'], ...(staffRoles ? { staffRoles } : {}) });
    }
  });

  let document: string | null = null;
  app.get(
    '/api/openapi.json',
    {
      schema: {
        operationId: 'getOpenApiDocument',
        summary: 'This document: every call of the API with its parameters, bodies and answers',
        tags: ['service'],
        security: access.public,
        response: { 200: openApiDocumentSchema, ...refusalResponses },
      },
    },
    async (_request, reply) => {
      document ??= JSON.stringify(
        buildOpenApiDocument(routes, {
          info: API_INFO,
          servers: API_SERVERS,
          tags: API_TAGS,
          securitySchemes: SECURITY_SCHEMES,
          commonParameters: [LANGUAGE_PARAMETER],
        }),
      );
      return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(document);
    },
  );
}

export default fp(openApi, { name: 'openapi' });
