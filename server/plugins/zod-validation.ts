/** Lets routes declare zod schemas (shared with the storefront via src/domain) for body, query and params. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';

function isZod(schema: unknown): schema is ZodType {
  return typeof schema === 'object' && schema !== null && typeof (schema as ZodType).safeParse === 'function';
}

async function zodValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => {
    if (!isZod(schema)) throw new Error('Route schemas are zod schemas');
    return (data) => {
      const result = schema.safeParse(data);
      if (result.success) return { value: result.data };
      // Fastify reads `validation` off the error to build the 400 our error handler answers.
      return { error: Object.assign(new Error(result.error.message), { validation: result.error.issues }) };
    };
  });
}

export default fp(zodValidation, { name: 'zod-validation' });
