/**
 * The one error handler: every refusal becomes a 4xx with a stable upper-case `error` code; a lost or
 * refused database connection a 503 DATABASE_UNAVAILABLE (the request may be tried again: nothing of it
 * was committed, or, when the commit itself was cut off, all of it was); anything unexpected becomes a
 * 500 whose body says nothing about the internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { apiErrorBodySchema } from '../../src/domain/errors.schema.ts';
import type { ApiErrorBody, ErrorCode } from '../../src/domain/errors.ts';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';
import { AppError } from '../errors.ts';

/** The response schemas of what this handler answers, for every route's `response`. */
export const refusalResponses = { '4xx': apiErrorBodySchema, '5xx': apiErrorBodySchema } as const;

/** The answer of a route with nothing more to say than that it worked. */
export const okSchema = z.strictObject({ ok: z.literal(true) });

interface Refusal {
  status: number;
  body: ApiErrorBody;
}

// Fastify's own 4xx errors, by their code.
const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'Invalid content length' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'The JSON body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'The body is not valid JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The body is too large' },
};

/** Zod issues → `{ "customer.email": "invalid_format" }`. */
function fieldsOf(validation: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!Array.isArray(validation)) return fields;
  for (const issue of validation as { path?: unknown; instancePath?: string; code?: string; keyword?: string }[]) {
    const path = Array.isArray(issue.path) ? issue.path.join('.') : (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    fields[path || '(body)'] = String(issue.code ?? issue.keyword ?? 'invalid');
  }
  return fields;
}

export function toRefusal(error: FastifyError | AppError | Error): Refusal | null {
  if (error instanceof AppError) {
    const body: ApiErrorBody = { ok: false, error: error.code, message: error.message };
    if (error.details.errorInfo !== undefined) body.error_info = error.details.errorInfo;
    if (error.details.fields !== undefined) body.fields = error.details.fields;
    return { status: error.statusCode, body };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return {
      status: 400,
      body: { ok: false, error: 'VALIDATION_FAILED', message: 'The request does not match the contract', fields: fieldsOf(fastifyError.validation) },
    };
  }
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return { status: known.status, body: { ok: false, error: known.code, message: known.message } };
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { status: 400, body: { ok: false, error: 'BAD_REQUEST', message: 'The body is not valid JSON' } };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { ok: false, error: 'DATABASE_UNAVAILABLE', message: 'The database cannot be reached; please try again' } };
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code: ErrorCode =
      status === 404
        ? 'NOT_FOUND'
        : status === 405
          ? 'METHOD_NOT_ALLOWED'
          : status === 413
            ? 'PAYLOAD_TOO_LARGE'
            : status === 429
              ? 'TOO_MANY_ATTEMPTS'
              : 'BAD_REQUEST';
    return { status, body: { ok: false, error: code, message: fastifyError.message } };
  }
  return null;
}

async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = toRefusal(error);
    if (refusal?.status === 503) {
      request.log.warn({ code: refusal.body.error, err: error.message }, 'database unavailable');
      return reply.status(503).header('retry-after', '1').send(refusal.body);
    }
    if (refusal) {
      // Limits (RATE_LIMITED, TOO_MANY_ATTEMPTS) say when to come back.
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      request.log.info({ code: refusal.body.error, status: refusal.status }, 'request refused');
      return reply.status(refusal.status).send(refusal.body);
    }
    request.log.error({ err: error }, 'request failed');
    const body: ApiErrorBody = { ok: false, error: 'INTERNAL_ERROR', message: 'Something went wrong on our side' };
    return reply.status(500).send(body);
  });
}

export default fp(errorHandler, { name: 'error-handler' });
