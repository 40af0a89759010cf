/**
 * GET /api/products/{id}/plots and GET /api/plots (every product's, for the calendar): not cacheable by browsers or proxies (availability changes with
 * every sale and hold); one process reuses an answer for at most CATALOGUE_CACHE_MS.
 *
 * A product's plots asked for an order are priced for it, like a price simulation, and count
 * against the same per-address limit (SIMULATIONS_PER_MINUTE) whenever the answer is worked out
 * rather than taken from the answer cache; the plain listing and the calendar, worked out, against
 * UNCACHED_LISTINGS_PER_MINUTE (moving `filterFrom` to miss the cache is limited; cached answers are free).
 */
import { z } from 'zod';
import { plotListSchema } from '#domain/contracts/catalogue.schema.ts';
import { calendarPlotsSchema } from '#domain/contracts/calendar.ts';
import { orderedQuantity, parsePlotQuery } from '#domain/plot-query.ts';
import { validationFailed } from '../../../errors.ts';
import { refusalResponses } from '../../../plugins/error-handler.ts';
import type { ZodRoutes } from '../../../plugins/zod-type-provider.ts';
import { NO_STORE } from '../../../lib/cache-control.ts';
import { idParamsSchema, parseEntityId } from '../../../lib/entity-id.ts';
import { createSerializedAnswers, sendJson } from '../../../lib/serialized-answers.ts';
import { access } from '../../../openapi/api-description.ts';

/** Plot lists kept per process: one per product, window and order asked for in the last seconds. */
const MAX_PLOT_ANSWERS = 100;

// parsePlotQuery (src/domain, shared with the storefront) is the one reader of these parameters and
// names each problem (`single_value`, `date_range`, ...); this schema lets every value through to
// it and only documents them.
const param = (type: 'string' | 'integer', description: string, format?: string) =>
  z
    .unknown()
    .optional()
    .meta({ type, description, ...(format ? { format } : {}) });

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

const calendarQuerySchema = z.looseObject({
  filterFrom: plotQuerySchema.shape.filterFrom,
  filterUntil: plotQuerySchema.shape.filterUntil,
  orderingCol: plotQuerySchema.shape.orderingCol,
  orderingDir: plotQuerySchema.shape.orderingDir,
});

export const plotRoutes: ZodRoutes = async (app) => {
  const { plots } = app.services.catalogue;
  const answers = createSerializedAnswers(app, MAX_PLOT_ANSWERS, 'GET /api/products/:id/plots', plotListSchema);
  const calendarAnswers = createSerializedAnswers(app, MAX_PLOT_ANSWERS, 'GET /api/plots', calendarPlotsSchema);

  // The calendar (spec section 2): every product's plots in the window in one answer, not one request per product.
  app.get(
    '/plots',
    {
      schema: {
        operationId: 'listCalendarPlots',
        summary: "Every product's time slots in a date range, for the calendar",
        tags: ['catalogue'],
        security: access.public,
        querystring: calendarQuerySchema,
        response: { 200: calendarPlotsSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const parsed = parsePlotQuery(request.query);
      if (!parsed.ok) throw validationFailed(Object.fromEntries(parsed.problems.map((problem) => [problem.param, problem.rule])));
      const key = JSON.stringify(parsed.query);
      if (!calendarAnswers.has(key)) await app.services.limits.uncachedListing(request.ip);
      const body = await calendarAnswers.json(key, () => plots.listCalendarPlots(parsed.query));
      return sendJson(reply, NO_STORE, body);
    },
  );

  app.get(
    '/products/:id/plots',
    {
      schema: {
        operationId: 'listProductPlots',
        summary: "A product's time slots with their free places, priced for an order",
        tags: ['catalogue'],
        security: access.public,
        params: idParamsSchema,
        querystring: plotQuerySchema,
        response: { 200: plotListSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const productId = parseEntityId(request.params.id);
      const parsed = parsePlotQuery(request.query);
      if (!parsed.ok) throw validationFailed(Object.fromEntries(parsed.problems.map((problem) => [problem.param, problem.rule])));
      // The parsed query, not the raw string: the same question asked differently shares one answer.
      const key = `${productId}:${JSON.stringify(parsed.query)}`;
      // Pricing for an order is counted like a simulation when it is worked out, not when the cache answers.
      if (!answers.has(key)) {
        if ((orderedQuantity(parsed.query.order) ?? 0) > 0) await app.services.limits.simulation(request.ip);
        else await app.services.limits.uncachedListing(request.ip);
      }
      const body = await answers.serialized(key, () => plots.listPlotsJson(productId, parsed.query));
      return sendJson(reply, NO_STORE, body);
    },
  );
};
