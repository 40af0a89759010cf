/**
 * Every answer under /api/backoffice is `Cache-Control: private, no-store` (staff data, refusals, CSV
 * downloads, a path that does not exist): set when the answer is sent, so no route can forget it and
 * no route's own header weakens it. The route's pattern decides (`/%61pi/...` is not a way around), the
 * decoded path for an answer no route matched.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PRIVATE_NO_STORE } from './cache-control.ts';

const PREFIX = '/api/backoffice';

function underPrefix(path: string): boolean {
  return path === PREFIX || path.startsWith(`${PREFIX}/`);
}

function decodedPath(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

async function privateAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if ((route !== undefined && underPrefix(route)) || underPrefix(decodedPath(request))) reply.header('cache-control', PRIVATE_NO_STORE);
    return payload;
  });
}

export default fp(privateAnswers, { name: 'private-answers' });
