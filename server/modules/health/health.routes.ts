/** GET /api/health: 200 once the database answers (the process migrates and seeds before it listens). */
import type { FastifyPluginAsync } from 'fastify';
import { ping } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (_request, reply) => {
    await ping(app.db);
    return reply.header('cache-control', 'no-store').send({ ok: true });
  });
};
