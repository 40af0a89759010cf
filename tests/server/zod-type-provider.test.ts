/**
 * The zod type provider on a bare Fastify app: requests are refused through the error handler as
 * before, and an answer that drifts from its response schema fails (outside production) instead
 * of reaching the client.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import errorHandler, { refusalResponses } from '../../server/plugins/error-handler.ts';
import zodTypeProvider, { type ZodRoutes } from '../../server/plugins/zod-type-provider.ts';

const answerSchema = z.strictObject({ id: z.number().int(), name: z.string() });

async function appWith(checkResponses: boolean, answer: unknown) {
  const app = Fastify({ logger: false });
  await app.register(errorHandler);
  await app.register(zodTypeProvider, { checkResponses });
  const routes: ZodRoutes = async (api) => {
    api.post(
      '/things/:id',
      {
        schema: {
          params: z.object({ id: z.coerce.number().int() }),
          body: z.object({ name: z.string().min(1) }),
          response: { 200: answerSchema, ...refusalResponses },
        },
      },
      // The typed request: params.id is a number and body.name a string, with no cast.
      async (request, reply) => reply.send(answer === 'echo' ? { id: request.params.id, name: request.body.name } : (answer as z.input<typeof answerSchema>)),
    );
  };
  await app.register(routes);
  await app.ready();
  return app;
}

describe('zod type provider', () => {
  it('hands the handler the parsed request and sends an answer that matches its schema', async () => {
    const app = await appWith(true, 'echo');
    const response = await app.inject({ method: 'POST', url: '/things/7', payload: { name: 'otter' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 7, name: 'otter' });
    await app.close();
  });

  it('refuses a request that does not match with 400 VALIDATION_FAILED and the fields', async () => {
    const app = await appWith(true, 'echo');
    const response = await app.inject({ method: 'POST', url: '/things/7', payload: { name: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ok: false, error: 'VALIDATION_FAILED', message: expect.any(String), fields: { name: 'too_small' } });
    await app.close();
  });

  it.each([
    ['a missing field', { id: 1 }],
    ['a field the contract does not name', { id: 1, name: 'otter', secret: 'x' }],
    ['a wrong type', { id: '1', name: 'otter' }],
  ])('fails an answer with %s when checking answers', async (_case, answer) => {
    const app = await appWith(true, answer);
    const response = await app.inject({ method: 'POST', url: '/things/7', payload: { name: 'otter' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ ok: false, error: 'INTERNAL_ERROR' });
    await app.close();
  });

  it('only serializes when answers are not checked (production)', async () => {
    const app = await appWith(false, { id: 1, name: 'otter', extra: true });
    const response = await app.inject({ method: 'POST', url: '/things/7', payload: { name: 'otter' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, name: 'otter', extra: true });
    await app.close();
  });
});
