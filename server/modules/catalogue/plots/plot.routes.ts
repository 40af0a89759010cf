/** GET /api/products/{id}/plots: never cached, availability changes with every sale and hold. */
import type { FastifyPluginAsync } from 'fastify';
import { parsePlotQuery } from '../../../../src/domain/plot-query.ts';
import { validationFailed } from '../../../errors.ts';
import { NO_STORE } from '../cache-control.ts';
import { parseEntityId, type IdParams } from '../entity-id.ts';
import { createPlotService } from './plot.service.ts';

export const plotRoutes: FastifyPluginAsync = async (app) => {
  const plots = createPlotService({ db: app.db, clock: app.clock });

  app.get<{ Params: IdParams; Querystring: Record<string, unknown> }>('/products/:id/plots', async (request, reply) => {
    const productId = parseEntityId(request.params.id);
    const parsed = parsePlotQuery(request.query);
    if (!parsed.ok) throw validationFailed(Object.fromEntries(parsed.problems.map((problem) => [problem.param, problem.rule])));
    const body = await plots.listPlots(productId, parsed.query);
    return reply.header('cache-control', NO_STORE).send(body);
  });
};
