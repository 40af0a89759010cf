/** GET /api/products/{id}/plots: never cached, availability changes with every sale and hold. */
import { z } from 'zod';
import { plotListSchema } from '../../../../src/domain/contracts/catalogue.schema.ts';
import { parsePlotQuery } from '../../../../src/domain/plot-query.ts';
import { validationFailed } from '../../../errors.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { NO_STORE } from '../cache-control.ts';
import { idParamsSchema, parseEntityId } from '../entity-id.ts';
import { createPlotService } from './plot.service.ts';

// parsePlotQuery (src/domain, shared with the storefront) is the one reader of these parameters and
// names each problem (`single_value`, `date_range`, ...); this schema lets every value through to
// it and only documents them.
const param = (type: 'string' | 'integer', description: string, format?: string) =>
  z.unknown().optional().meta({ type, description, ...(format ? { format } : {}) });

const plotQuerySchema = z.looseObject({
  'order[quantity]': param('integer', 'How many tickets, for a product without audiences'),
  'order[audiences][0][id]': param('integer', 'An audience of the order; index 0, 1, 2… one pair per audience (not with order[quantity])'),
  'order[audiences][0][quantity]': param('integer', 'How many tickets of that audience'),
  filterFrom: param('string', 'First day listed (YYYY-MM-DD)', 'date'),
  filterUntil: param('string', 'Last day listed (YYYY-MM-DD)', 'date'),
  orderingCol: param('string', 'date (the only column)'),
  orderingDir: param('string', 'asc (default) or desc'),
  rebookPlot: param('integer', 'The plot of the order being rebooked: always listed'),
});

export const plotRoutes: ZodRoutes = async (app) => {
  const plots = createPlotService({ db: app.db, clock: app.clock });

  app.get(
    '/products/:id/plots',
    { schema: { params: idParamsSchema, querystring: plotQuerySchema, response: { 200: plotListSchema, ...refusalResponses } } },
    async (request, reply) => {
      const productId = parseEntityId(request.params.id);
      const parsed = parsePlotQuery(request.query);
      if (!parsed.ok) throw validationFailed(Object.fromEntries(parsed.problems.map((problem) => [problem.param, problem.rule])));
      const body = await plots.listPlots(productId, parsed.query);
      return reply.header('cache-control', NO_STORE).send(body);
    },
  );
};
