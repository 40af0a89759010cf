/**
 * GET /api/products/{id}/plots: not cacheable by browsers or proxies (availability changes with
 * every sale and hold); one process reuses an answer for at most CATALOGUE_CACHE_MS.
 */
import type { FastifyPluginAsync } from 'fastify';
import { parsePlotQuery } from '../../../../src/domain/plot-query.ts';
import { validationFailed } from '../../../errors.ts';
import { NO_STORE } from '../cache-control.ts';
import { parseEntityId, type IdParams } from '../entity-id.ts';
import { createSerializedAnswers, sendJson } from '../serialized-answers.ts';
import { createPlotService } from './plot.service.ts';

/** Plot lists kept per process: one per product, window and order asked for in the last seconds. */
const MAX_PLOT_ANSWERS = 100;

export const plotRoutes: FastifyPluginAsync = async (app) => {
  const plots = createPlotService({ db: app.db, clock: app.clock });
  const answers = createSerializedAnswers(app, MAX_PLOT_ANSWERS);

  app.get<{ Params: IdParams; Querystring: Record<string, unknown> }>('/products/:id/plots', async (request, reply) => {
    const productId = parseEntityId(request.params.id);
    const parsed = parsePlotQuery(request.query);
    if (!parsed.ok) throw validationFailed(Object.fromEntries(parsed.problems.map((problem) => [problem.param, problem.rule])));
    // The parsed query, not the raw string: the same question asked differently shares one answer.
    const body = await answers.json(`${productId}:${JSON.stringify(parsed.query)}`, () => plots.listPlots(productId, parsed.query));
    return sendJson(reply, NO_STORE, body);
  });
};
