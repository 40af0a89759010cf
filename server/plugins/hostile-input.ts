/**
 * Hostile input refused in one place, before any route sees it:
 *
 * - JSON bodies nested deeper than MAX_JSON_DEPTH answer 400 JSON_TOO_DEEP. The depth is counted by
 *   one flat scan of the text before it is parsed, so 10,000 levels never reach a recursive walk
 *   (zod, the serializer, the sanitiser) that would overflow the stack.
 * - A NUL byte or an unpaired UTF-16 surrogate in any string of the path parameters, the query or
 *   the body (keys included) answers 400 INVALID_CHARACTERS. PostgreSQL refuses NUL in text and
 *   stores no lone surrogate, and neither means anything in a name, a code or an e-mail address.
 *
 * The HTTP layer's own refusals (a bad percent-encoding, an over-long parameter, over-large
 * headers) get the shop's `{ ok: false, error }` shape through `frameworkErrors` and
 * `clientErrorHandler` (app.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/** Far deeper than any contract (an order request is 4 levels; enrichment is a flat object of strings). */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of `{`/`[` in JSON text, strings skipped; stops counting past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

// A NUL is exactly what this looks for.
// eslint-disable-next-line no-control-regex
const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for text holding a NUL or a lone surrogate. */
export function isAcceptableText(text: string): boolean {
  return !NUL_OR_LONE_SURROGATE.test(text);
}

/** True when any string (or key) in the value is not acceptable text. Depth is bounded by the parser. */
export function holdsHostileText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isAcceptableText(value);
  if (typeof value !== 'object' || value === null || depth > MAX_JSON_DEPTH + 2) return false;
  if (Array.isArray(value)) return value.some((item) => holdsHostileText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => !isAcceptableText(key) || holdsHostileText(item, depth + 1));
}

async function hostileInput(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new AppError('JSON_TOO_DEEP', 400, `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (holdsHostileText(request.params) || holdsHostileText(request.query) || holdsHostileText(request.body)) {
      throw new AppError('INVALID_CHARACTERS', 400, 'The request holds a NUL byte or an unpaired surrogate');
    }
  });
}

export default fp(hostileInput, { name: 'hostile-input' });
