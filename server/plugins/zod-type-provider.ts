/**
 * Routes declare zod schemas (shared with the storefront via src/domain) for body, query, params and
 * every response. This plugin makes Fastify validate requests with them and serialize responses
 * against them; `ZodTypeProvider` gives handlers the parsed types, so no route casts what it reads.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyTypeProvider, RawServerDefault } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType, z } from 'zod';

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends ZodType ? z.input<this['schema']> : unknown;
}

/** A route plugin whose schemas are zod schemas. */
export type ZodRoutes = FastifyPluginAsync<Record<never, never>, RawServerDefault, ZodTypeProvider>;

export function isZod(schema: unknown): schema is ZodType {
  return typeof schema === 'object' && schema !== null && typeof (schema as ZodType).safeParse === 'function';
}

/** Thrown when an answer does not match its route's response schema (outside production only). */
export class ResponseDriftError extends Error {
  constructor(route: string, status: number, issues: z.core.$ZodIssue[]) {
    const where = issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    super(`The ${status} answer of ${route} does not match its response schema: ${where.join('; ')}`);
    this.name = 'ResponseDriftError';
  }
}

export interface ZodTypeProviderOptions {
  /**
   * Check every answer against its schema before sending it. On in development and tests, so a
   * drift between code and contract fails a test; off in production, where answers are only
   * serialized (JSON.stringify, as Fastify does for routes without a schema: no cost for reads).
   */
  checkResponses: boolean;
}

async function zodTypeProvider(app: FastifyInstance, { checkResponses }: ZodTypeProviderOptions) {
  app.setValidatorCompiler(({ schema }) => {
    if (!isZod(schema)) throw new Error('Route schemas are zod schemas');
    return (data) => {
      const result = schema.safeParse(data);
      if (result.success) return { value: result.data };
      // Fastify reads `validation` off the error to build the 400 our error handler answers.
      return { error: Object.assign(new Error(result.error.message), { validation: result.error.issues }) };
    };
  });

  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!isZod(schema)) throw new Error('Response schemas are zod schemas');
    if (!checkResponses) return (data) => JSON.stringify(data);
    const route = `${method} ${url}`;
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new ResponseDriftError(route, Number(httpStatus) || 0, result.error.issues);
      return JSON.stringify(data);
    };
  });
}

export default fp(zodTypeProvider, { name: 'zod-type-provider' });
