/**
 * The one error handler: every refusal becomes a 4xx with a stable upper-case `error` code; a lost or
 * refused database connection a 503 DATABASE_UNAVAILABLE (the request may be tried again: nothing of it
 * was committed, or, when the commit itself was cut off, all of it was); anything unexpected becomes a
 * 500 whose body says nothing about the internals.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { apiErrorBodySchema } from '#domain/errors.schema.ts';
import type { ApiErrorBody, ErrorCode } from '#domain/errors.ts';
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
  // The router's refusals, answered through `frameworkErrors` (app.ts).
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_REQUEST', message: 'The address is not valid (bad percent-encoding)' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'URI_TOO_LONG', message: 'A part of the address is too long' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'BAD_REQUEST', message: 'The request could not be routed' },
};

/** Zod issues → `{ "customer.email": "invalid_format" }`. */
function fieldsOf(validation: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!Array.isArray(validation)) return fields;
  for (const issue of validation as { path?: unknown; instancePath?: string; code?: string; keyword?: string; params?: { rule?: unknown } }[]) {
    const path = Array.isArray(issue.path) ? issue.path.join('.') : (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    // A custom refinement names its rule in params.rule (e.g. the catalogue editor's `min_above_max`).
    const rule = issue.code === 'custom' && typeof issue.params?.rule === 'string' ? issue.params.rule : undefined;
    fields[path || '(body)'] = String(rule ?? issue.code ?? issue.keyword ?? 'invalid');
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

/** Fastify's `frameworkErrors`: the router's refusals (bad URL, over-long parameter) in the shop's shape. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const refusal = toRefusal(error) ?? { status: 400, body: { ok: false, error: 'BAD_REQUEST', message: 'The request could not be routed' } };
  return reply.status(refusal.status).send(refusal.body);
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request
 * (headers or an address over 16 KiB, a malformed request line) answered in the shop's shape.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The address or the headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'BAD_REQUEST', 'The request took too long to arrive']
        : [400, 'BAD_REQUEST', 'The request is malformed'];
  const body = JSON.stringify({ ok: false, error: code, message } satisfies ApiErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
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
